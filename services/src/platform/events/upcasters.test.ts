import { EVENT_SCHEMA_VERSIONS, upcastData } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { upcasters } from './upcasters';

const upcast = (
  type: 'ProductCreated' | 'ProductUpdated' | 'StockReserved' | 'StockReleased',
  data: object,
) => upcastData(upcasters, type, 1, EVENT_SCHEMA_VERSIONS[type] ?? 1, data);

describe('upcasting the stock of a log from before stock per size', () => {
  it('puts a product’s whole count on its first size, 0 on the others, and leaves the rest as it was', () => {
    for (const type of ['ProductCreated', 'ProductUpdated'] as const) {
      expect(
        upcast(type, { productId: 'p1', sizes: ['MD', 'SM', 'LG'], countInStock: 7, name: 'Tee' }),
      ).toEqual({
        productId: 'p1',
        sizes: ['MD', 'SM', 'LG'],
        countInStock: 7,
        name: 'Tee',
        stockBySize: { MD: 7, SM: 0, LG: 0 },
      });
    }
    expect(upcast('ProductCreated', { sizes: [], countInStock: 3 })).toEqual({
      sizes: [],
      countInStock: 3,
      stockBySize: {},
    });
  });

  it('marks an old reservation or release as naming no size', () => {
    for (const type of ['StockReserved', 'StockReleased'] as const) {
      expect(upcast(type, { productId: 'p1', orderId: 'o1', qty: 2 })).toEqual({
        productId: 'p1',
        orderId: 'o1',
        qty: 2,
        size: null,
      });
    }
  });
});
