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
        upcastData(upcasters, type, 1, 2, {
          productId: 'p1',
          sizes: ['MD', 'SM', 'LG'],
          countInStock: 7,
          name: 'Tee',
        }),
      ).toEqual({
        productId: 'p1',
        sizes: ['MD', 'SM', 'LG'],
        countInStock: 7,
        name: 'Tee',
        stockBySize: { MD: 7, SM: 0, LG: 0 },
      });
    }
    expect(upcastData(upcasters, 'ProductCreated', 1, 2, { sizes: [], countInStock: 3 })).toEqual({
      sizes: [],
      countInStock: 3,
      stockBySize: {},
    });
  });

  it('goes on to options and variants, so a product from the first log reads as one saved today', () => {
    expect(
      upcast('ProductUpdated', {
        productId: 'p1',
        sizes: ['MD', 'SM'],
        countInStock: 7,
        price: 100,
        originalPrice: null,
      }),
    ).toMatchObject({
      stockBySize: { MD: 7, SM: 0 },
      options: [{ name: 'Size', values: ['MD', 'SM'] }],
      variants: [
        { id: 'p1-MD', sku: null, options: { Size: 'MD' }, price: 100, originalPrice: null, stock: 7 },
        { id: 'p1-SM', sku: null, options: { Size: 'SM' }, price: 100, originalPrice: null, stock: 0 },
      ],
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

describe('upcasting a product from before options and variants', () => {
  const v2 = {
    productId: 'p1',
    name: 'Tee',
    sizes: ['SM', 'LG'],
    countInStock: 5,
    stockBySize: { SM: 2, LG: 3 },
    price: 2_500_00,
    originalPrice: 3_000_00,
  };

  it('makes its sizes a Size option and each size a variant at the product’s price with its units', () => {
    for (const type of ['ProductCreated', 'ProductUpdated'] as const) {
      expect(upcastData(upcasters, type, 2, 3, v2)).toEqual({
        ...v2,
        options: [{ name: 'Size', values: ['SM', 'LG'] }],
        variants: [
          {
            id: 'p1-SM',
            sku: null,
            options: { Size: 'SM' },
            price: 2_500_00,
            originalPrice: 3_000_00,
            stock: 2,
          },
          {
            id: 'p1-LG',
            sku: null,
            options: { Size: 'LG' },
            price: 2_500_00,
            originalPrice: 3_000_00,
            stock: 3,
          },
        ],
      });
    }
  });

  it('gives a product without sizes no option and one variant with its one count', () => {
    const sizeless = { ...v2, sizes: [], stockBySize: {}, countInStock: 9 };
    expect(upcastData(upcasters, 'ProductCreated', 2, 3, sizeless)).toMatchObject({
      options: [],
      variants: [
        { id: 'p1-one', sku: null, options: {}, price: 2_500_00, originalPrice: 3_000_00, stock: 9 },
      ],
    });
  });

  it('derives the same ids on every read, so an old product’s variants keep them', () => {
    const first = upcastData(upcasters, 'ProductCreated', 2, 3, v2);
    expect(
      upcastData(upcasters, 'ProductUpdated', 2, 3, { ...v2, stockBySize: { SM: 0, LG: 1 } }),
    ).toMatchObject({
      variants: (first as { variants: { id: string }[] }).variants.map(({ id }) => ({ id })),
    });
  });
});
