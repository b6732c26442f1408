import { type EventData, type StockBySize, sumStock } from '@shop/contracts';
import { expect } from 'vitest';
import { AppError } from '../../platform/errors';
import { DeciderSpec } from '../../test-support/decider-spec';
import { productDecider } from './decide';
import type { ProductEvent, ProductState } from './product';
import { aProductCreated } from './test-builders';

/** The product events, states and refusal checks the decide tests build on. */

export const at = '2024-05-02T09:00:00.000Z';

export const spec = DeciderSpec.for(productDecider);

/** A check for thenThrows: refused with this status and code (and a message like this one). */
export const refused = (status: number, code: string, message?: string | RegExp) => (refusal: AppError) => {
  expect(refusal).toBeInstanceOf(AppError);
  expect(refusal).toMatchObject({ status, code });
  if (message !== undefined) expect(refusal.message).toMatch(message);
};

type MovedSize = EventData<'StockReserved'>['size'];
export const reserved = (orderId: string, qty: number, size: MovedSize = ''): ProductEvent => ({
  type: 'StockReserved',
  data: { productId: 'p1', orderId, size, qty, at },
});
export const released = (orderId: string, qty: number, size: MovedSize = ''): ProductEvent => ({
  type: 'StockReleased',
  data: { productId: 'p1', orderId, size, qty, reason: 'cancelled', at },
});
/** A product without sizes: one count. */
export const plain = (overrides: Parameters<typeof aProductCreated>[0] = {}) =>
  aProductCreated({ sizes: [], ...overrides });
/** Leggings in SM, MD and LG. */
export const sized = (stockBySize: StockBySize) =>
  aProductCreated({ sizes: ['SM', 'MD', 'LG'], stockBySize, countInStock: sumStock(stockBySize) });
export const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', at } };
export const stockOf = (state: ProductState) => (state.status === 'absent' ? undefined : state.countInStock);
export const sizesOf = (state: ProductState) => (state.status === 'absent' ? undefined : state.stockBySize);
