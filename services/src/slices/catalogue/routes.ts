import {
  AdminProductsQuery,
  CatalogueQuery,
  type ParsedProductInput,
  ProductInput,
  skuKey,
  streams,
} from '@shop/contracts';
import {
  adminProductPage,
  allProductsInChunks,
  categoryCounts,
  findProduct,
  knownCategorySpelling,
  queryCatalogue,
} from '@shop/projections';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { type CommandResult, handleCommand } from '../../platform/commands/handle-command';
import { badRequest } from '../../platform/errors';
import { AnswerCache } from '../../platform/http/answer-cache';
import { type AuthEnv, requireAdmin } from '../../platform/http/auth';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { productDecider, productNotFound, type VariantsInput } from './decide';
import type { ProductEvent, ProductState } from './product';

const variantSkus = (variants: VariantsInput): (string | null)[] =>
  variants.variants?.map((variant) => variant.sku) ?? [];

const skusOf = (state: ProductState): string[] =>
  state.status === 'absent'
    ? []
    : state.variants.flatMap((variant) => (variant.sku === null ? [] : [variant.sku]));

import { productDetailsFrom, productFromState, variantsFrom } from './product-view';
import { claimSkus, releaseSkus } from './sku-claims';
import { MAX_UPLOAD_BYTES, storeUploadedImage, tooLargeImage } from './uploads';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The catalogue's calls: the public product list (streamed), one product and the shopping page's
 * query; admin-only create, edit, delete, image upload and the paged product list. Money is decimal here, minor units inside.
 */
export function catalogueRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const admin = requireAdmin(deps);
  const now = () => deps.clock().toISOString();
  const answers = new AnswerCache({ version: () => deps.readModels.version() });
  const cursors = new PageCursors(deps.signingKey);

  /** The product as the catalogue shows it now, or as the command left it if the read model lags. */
  const answer = (productId: string, result: CommandResult<ProductState, ProductEvent>) => {
    const shown = findProduct(deps.readModels, { id: productId });
    if (shown) return shown;
    if (result.state.status !== 'listed') throw productNotFound();
    return productFromState(result.state);
  };

  /** The category as the shop already spells it, so "tops" and "Tops" stay one category. */
  const spelledAsInShop = (input: ParsedProductInput, except?: string): ParsedProductInput => ({
    ...input,
    category:
      knownCategorySpelling(deps.readModels, { category: input.category, ...(except ? { except } : {}) }) ??
      input.category,
  });

  app.get('/products', () => streamedJsonArray(allProductsInChunks(deps.readModels)));

  app.get('/admin/lists/products', admin, validate('query', AdminProductsQuery), (c) => {
    const { cursor, limit } = c.req.valid('query');
    const start = cursors.read(cursor, 'products', 'newest');
    return c.json(cursors.page('products', 'newest', adminProductPage(deps.readModels, { start, limit })));
  });

  app.get('/products/:id', (c) => {
    const id = c.req.param('id');
    return answers.respond(c, `product ${id}`, () => {
      const product = findProduct(deps.readModels, { id });
      if (!product) throw productNotFound();
      return product;
    });
  });

  app.post('/products', admin, validate('json', ProductInput), async (c) => {
    const input = c.req.valid('json');
    const productId = deps.newId();
    const details = productDetailsFrom(spelledAsInShop(input), deps);
    const variants = variantsFrom(input, deps.newId);
    const change = { at: now(), actor: c.var.caller.id };
    const taken = await claimSkus(deps.store, productId, variantSkus(variants), change);
    const result = await handleCommand(
      deps,
      productDecider,
      streams.product(productId),
      {
        type: 'CreateProduct',
        productId,
        details,
        countInStock: input.countInStock,
        stockBySize: input.stockBySize,
        ...variants,
        at: change.at,
      },
      { actor: change.actor },
    ).catch(async (error: unknown) => {
      await releaseSkus(deps.store, productId, taken, change);
      throw error;
    });
    return c.json(answer(productId, result), 201);
  });

  app.put('/products/:id', admin, validate('json', ProductInput), async (c) => {
    const productId = c.req.param('id');
    const input = c.req.valid('json');
    const details = productDetailsFrom(spelledAsInShop(input, productId), deps);
    const variants = variantsFrom(input, deps.newId);
    const change = { at: now(), actor: c.var.caller.id };
    const before = await aggregateStream(deps.store, streams.product(productId), productDecider);
    if (before.state.status !== 'listed') throw productNotFound();
    const taken = await claimSkus(deps.store, productId, variantSkus(variants), change);
    const result = await handleCommand(
      deps,
      productDecider,
      streams.product(productId),
      {
        type: 'UpdateProduct',
        productId,
        details,
        countInStock: input.countInStock,
        stockBySize: input.stockBySize,
        ...variants,
        at: change.at,
      },
      { actor: change.actor },
    ).catch(async (error: unknown) => {
      await releaseSkus(deps.store, productId, taken, change);
      throw error;
    });
    const kept = new Set(skusOf(result.state).map(skuKey));
    const dropped = skusOf(before.state).filter((sku) => !kept.has(skuKey(sku)));
    await releaseSkus(deps.store, productId, dropped, change);
    return c.json(answer(productId, result));
  });

  app.delete('/products/:id', admin, async (c) => {
    const productId = c.req.param('id');
    const at = now();
    const result = await handleCommand(
      deps,
      productDecider,
      streams.product(productId),
      { type: 'DeleteProduct', productId, at },
      { actor: c.var.caller.id },
    );
    // A deleted product's SKUs are free for another product.
    await releaseSkus(deps.store, productId, skusOf(result.state), { at, actor: c.var.caller.id });
    return c.json({ message: 'Product deleted', id: productId });
  });

  app.get('/catalogue', validate('query', CatalogueQuery), (c) => {
    const query = c.req.valid('query');
    return answers.respond(c, `catalogue ${JSON.stringify(query)}`, () =>
      queryCatalogue(deps.readModels, query),
    );
  });

  app.get('/categories', (c) => answers.respond(c, 'categories', () => categoryCounts(deps.readModels)));

  app.post(
    '/upload',
    admin,
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw tooLargeImage();
      },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => {
        throw badRequest('Send the image as multipart/form-data in the field "image".', 'image');
      });
      const file = form.image;
      if (!(file instanceof File)) throw badRequest('Choose an image to upload.', 'image');
      if (file.size > MAX_UPLOAD_BYTES) throw tooLargeImage();
      const stored = await storeUploadedImage(deps.uploadsDir, Buffer.from(await file.arrayBuffer()));
      return c.json(stored, 201);
    },
  );

  return app;
}
