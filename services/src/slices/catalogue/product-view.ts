import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  fromMinor,
  type ParsedProductInput,
  type Product,
  type ProductVariant,
  type StoredVariant,
  toMinor,
} from '@shop/contracts';
import { validationFailed } from '../../platform/errors';
import type { VariantsInput } from './decide';
import type { ExistingProduct, ProductDetails } from './product';

/** Where each kind of image reference lives on disk. */
export interface ImageFolders {
  uploadsDir: string;
  demoImagesDir: string;
}

/**
 * The admin's input as the aggregate stores it: money in minor units, and the image's thumbnail
 * found beside it (`x.webp` -> `x-thumb.webp`, else the image itself). Refuses (400 on `image`)
 * a reference to a file that is not there, so no product shows a broken picture.
 */
export function productDetailsFrom(input: ParsedProductInput, folders: ImageFolders): ProductDetails {
  const { image, thumbnail } = resolveImage(input.image, folders);
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    // With variants the aggregate derives the price from theirs; this is only the seed's.
    price: toMinor(input.price ?? 0),
    originalPrice: input.originalPrice == null ? null : toMinor(input.originalPrice),
    image,
    thumbnail,
    sizes: input.sizes,
    isFeatured: input.isFeatured,
  };
}

/** The admin's options and variants for the product command, money in minor units; none for the seed's payload. */
export function variantsFrom(input: ParsedProductInput, newId: () => string): VariantsInput {
  if (!input.variants) return {};
  return {
    options: input.options ?? [],
    variants: input.variants.map((variant) => ({
      sku: variant.sku ?? null,
      options: variant.options,
      price: toMinor(variant.price),
      originalPrice: variant.originalPrice == null ? null : toMinor(variant.originalPrice),
      ...(variant.stock === undefined ? {} : { stock: variant.stock }),
    })),
    freshVariantIds: input.variants.map(() => newId()),
  };
}

/** A stored variant as the API answers it, money in major units. */
export const variantView = (variant: StoredVariant): ProductVariant => ({
  id: variant.id,
  sku: variant.sku,
  options: variant.options,
  price: fromMinor(variant.price),
  originalPrice: variant.originalPrice === null ? null : fromMinor(variant.originalPrice),
  stock: variant.stock,
});

function resolveImage(image: string, folders: ImageFolders): { image: string; thumbnail: string } {
  const [, folder, name] = /^\/(uploads|images)\/([^/]+)$/.exec(image) ?? [];
  const dir = folder === 'uploads' ? folders.uploadsDir : folders.demoImagesDir;
  if (!folder || !name || !isFile(join(dir, name))) {
    throw validationFailed([
      { field: 'image', message: 'Upload the image first: this one is not on the server' },
    ]);
  }
  const thumbnailName = name.replace(/\.webp$/, '-thumb.webp');
  const hasThumbnail = thumbnailName !== name && isFile(join(dir, thumbnailName));
  return { image, thumbnail: hasThumbnail ? `/${folder}/${thumbnailName}` : image };
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The Product answer built from the aggregate, for when the read model has not caught up within
 * the command's wait: rating and popularity are the catalogue's, so this shows them as for a new product.
 */
export function productFromState(state: ExistingProduct): Product {
  return {
    id: state.productId,
    name: state.name,
    description: state.description,
    category: state.category,
    price: fromMinor(state.price),
    originalPrice: state.originalPrice === null ? null : fromMinor(state.originalPrice),
    image: state.image,
    thumbnail: state.thumbnail,
    sizes: state.sizes,
    options: state.options,
    variants: state.variants.map(variantView),
    countInStock: state.countInStock,
    stockBySize: state.stockBySize,
    rating: 0,
    numReviews: 0,
    popularity: 0,
    isFeatured: state.isFeatured,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
