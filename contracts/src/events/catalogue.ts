import { z } from 'zod';
import { Size, StockBySize } from '../catalogue';
import { at, id, minor } from './fields';

const productFields = {
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: minor,
  originalPrice: minor.nullable(),
  image: z.string(),
  thumbnail: z.string(),
  sizes: z.array(Size),
  isFeatured: z.boolean(),
};
/**
 * Stock a product keeps: `countInStock` is the sum of `stockBySize` when it has sizes, its one count
 * (and `stockBySize` `{}`) when not. Schema version 2 added `stockBySize`.
 */
const productStock = { countInStock: z.number().int(), stockBySize: StockBySize };
/**
 * Schema version 3 added options and variants; `price`, `originalPrice`, `sizes` and the stock
 * above are derived from them (the lowest price, the Size option's values, the units per size).
 * Products saved before are upcast: their sizes become a Size option, each size a variant.
 */
const productVariants = {
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.object({
      id,
      sku: z.string().nullable(),
      options: z.record(z.string(), z.string()),
      price: minor,
      originalPrice: minor.nullable(),
      stock: z.number().int(),
    }),
  ),
};
export const ProductCreated = z.object({
  productId: id,
  ...productFields,
  ...productStock,
  ...productVariants,
  at,
});
/** Stock set by the admin is a new absolute count; reservations are separate events. */
export const ProductUpdated = z.object({
  productId: id,
  ...productFields,
  ...productStock,
  ...productVariants,
  at,
});
export const ProductDeleted = z.object({ productId: id, at });
/**
 * The size whose units moved: `''` for a product without sizes, null for an event from before stock
 * per size (schema version 1), which counts against the product's first size.
 */
const stockSize = z.union([Size, z.literal('')]).nullable();
export const StockReserved = z.object({
  productId: id,
  orderId: id,
  size: stockSize,
  qty: z.number().int().positive(),
  at,
});
export const StockReleased = z.object({
  productId: id,
  orderId: id,
  size: stockSize,
  qty: z.number().int().positive(),
  /**
   * `returned`: units of a delivered order that came back in a return; `parcel-refused`: a dispatched
   * parcel the courier brought back (status Refused).
   */
  reason: z.enum(['cancelled', 'order-refused', 'orphaned', 'returned', 'parcel-refused']),
  at,
});
