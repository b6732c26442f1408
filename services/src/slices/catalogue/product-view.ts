import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fromMinor, type ParsedProductInput, type Product, toMinor } from '@shop/contracts';
import { validationFailed } from '../../platform/errors';
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
    price: toMinor(input.price),
    originalPrice: input.originalPrice == null ? null : toMinor(input.originalPrice),
    image,
    thumbnail,
    sizes: input.sizes,
    isFeatured: input.isFeatured,
  };
}

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
