import { z } from 'zod';

/** Sizes the admin form offers; the shopping filter uses their lower-case forms. */
export const SIZES = ['SM', 'MD', 'LG', 'XL', '2XL', '3XL', '4XL'] as const;
export const Size = z.enum(SIZES, { error: `must be one of ${SIZES.join(', ')}` });
export type Size = z.infer<typeof Size>;

/** Units of one product (or one of its sizes) for sale. */
export const StockCount = z
  .number({ error: 'Stock must be a number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock must not be negative')
  .max(1_000_000, 'Stock must be at most 1,000,000');

/** Units for sale per size: `{"SM": 3, "MD": 5}`. */
export const StockBySize = z.partialRecord(Size, StockCount);
export type StockBySize = z.infer<typeof StockBySize>;
