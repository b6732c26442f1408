import { DEFAULT_SHIPPING } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { type PricedProduct, priceAndCompare, priceLines } from './pricing';
import { anOrderInput, aPricedProduct } from './test-builders';

const catalogue =
  (...products: PricedProduct[]) =>
  (id: string) =>
    products.find((p) => p.id === id);
let n = 0;
const lineId = () => `line-${++n}`;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('pricing the lines from the catalogue', () => {
  it('uses the product price as it is now, never the client line price', () => {
    const [line] = priceLines(
      [{ product: 'p1', qty: 2, price: 0.01, size: 'MD' }],
      catalogue(aPricedProduct({ price: 4_550 })),
      lineId,
    );
    expect(line).toMatchObject({
      productId: 'p1',
      unitPrice: 4_550,
      qty: 2,
      size: 'MD',
      name: 'Running Tee',
    });
  });

  it('refuses an unknown product with 404 naming it', () => {
    const error = refusal(() =>
      priceLines([{ product: 'nope', qty: 1, price: 1, size: '' }], catalogue(), lineId),
    );
    expect(error.status).toBe(404);
    expect(error.message).toContain('nope');
  });

  it('refuses a deleted product with 400 naming it', () => {
    const error = refusal(() =>
      priceLines(
        [{ product: 'p1', qty: 1, price: 1, size: 'MD' }],
        catalogue(aPricedProduct({ deleted: true })),
        lineId,
      ),
    );
    expect([error.status, error.message]).toEqual([400, '"Running Tee" is no longer available.']);
  });

  it('names the field of the line whose product is gone, as a VALIDATION_FAILED refusal', () => {
    const error = refusal(() =>
      priceLines(
        [
          { product: 'p1', qty: 1, price: 40, size: 'MD' },
          { product: 'p2', qty: 1, price: 40, size: 'MD' },
        ],
        catalogue(aPricedProduct(), aPricedProduct({ id: 'p2', name: 'Old Shorts', deleted: true })),
        lineId,
      ),
    );
    expect([error.code, error.message, error.fields]).toEqual([
      'VALIDATION_FAILED',
      '"Old Shorts" is no longer available.',
      [{ field: 'orderItems.1.product', message: 'is no longer available' }],
    ]);
  });

  it('prices every line with its own product, size and a fresh line id', () => {
    const ids = ['line-a', 'line-b'];
    const lines = priceLines(
      [
        { product: 'p1', qty: 1, price: 40, size: 'SM' },
        { product: 'p2', qty: 3, price: 1, size: '' },
      ],
      catalogue(
        aPricedProduct(),
        aPricedProduct({
          id: 'p2',
          name: 'Yoga Mat',
          image: '/images/mat.webp',
          category: 'Gear',
          price: 250_000,
          sizes: [],
        }),
      ),
      () => ids.shift()!,
    );
    expect(lines).toEqual([
      {
        lineId: 'line-a',
        productId: 'p1',
        name: 'Running Tee',
        image: '/images/tee.webp',
        category: 'Shirts',
        unitPrice: 4_000,
        qty: 1,
        size: 'SM',
      },
      {
        lineId: 'line-b',
        productId: 'p2',
        name: 'Yoga Mat',
        image: '/images/mat.webp',
        category: 'Gear',
        unitPrice: 250_000,
        qty: 3,
        size: '',
      },
    ]);
  });

  it('needs a size the product offers when it has sizes, and ignores one when it has none', () => {
    const sized = catalogue(aPricedProduct());
    const noSize = refusal(() => priceLines([{ product: 'p1', qty: 1, price: 1, size: '' }], sized, lineId));
    expect([noSize.status, noSize.code, noSize.message]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Please choose a size for "Running Tee".',
    ]);
    expect(
      refusal(() => priceLines([{ product: 'p1', qty: 1, price: 1, size: 'XL' }], sized, lineId)).fields,
    ).toEqual([{ field: 'orderItems.0.size', message: 'Size XL is not available for "Running Tee".' }]);
    const plain = catalogue(aPricedProduct({ sizes: [] }));
    expect(priceLines([{ product: 'p1', qty: 1, price: 1, size: '-' }], plain, lineId)[0]?.size).toBe('');
  });

  it('refuses more units of a size than it has with 409 OUT_OF_STOCK naming the product and size, summing lines', () => {
    const lines = [
      { product: 'p1', qty: 3, price: 40, size: 'MD' },
      { product: 'p1', qty: 3, price: 40, size: 'MD' },
    ];
    const stocked = (stockBySize: Record<string, number>) => catalogue(aPricedProduct({ stockBySize }));
    const error = refusal(() => priceLines(lines, stocked({ SM: 9, MD: 5 }), lineId));
    expect([error.status, error.code, error.message]).toEqual([
      409,
      'OUT_OF_STOCK',
      'Only 5 of "Running Tee" in size MD left in stock.',
    ]);
    const sold = refusal(() => priceLines(lines, stocked({ SM: 9, MD: 0 }), lineId));
    expect(sold.message).toBe('"Running Tee" in size MD is out of stock.');
    expect(priceLines(lines, stocked({ SM: 0, MD: 6 }), lineId)).toHaveLength(2);
  });

  it('counts the one stock of a product without sizes', () => {
    const lines = [{ product: 'p1', qty: 3, price: 40, size: '' }];
    const plain = (countInStock: number) => catalogue(aPricedProduct({ sizes: [], countInStock }));
    expect(refusal(() => priceLines(lines, plain(2), lineId)).message).toBe(
      'Only 2 of "Running Tee" left in stock.',
    );
    expect(priceLines(lines, plain(3), lineId)).toHaveLength(1);
  });

  it('sells the last units in stock', () => {
    const lines = [
      { product: 'p1', qty: 2, price: 40, size: 'SM' },
      { product: 'p1', qty: 3, price: 40, size: 'MD' },
    ];
    expect(priceLines(lines, catalogue(aPricedProduct({ countInStock: 5 })), lineId)).toHaveLength(2);
  });
});

describe('comparing with the totals the client saw', () => {
  // Priced inside each test, not when the file loads, so that each test covers the pricing it uses.
  const twoTees = () =>
    priceLines([{ product: 'p1', qty: 2, price: 40, size: 'MD' }], catalogue(aPricedProduct()), lineId);

  it('accepts the same totals and answers them in minor units', () => {
    expect(priceAndCompare(twoTees(), false, anOrderInput(), DEFAULT_SHIPPING)).toEqual({
      itemsPrice: 8_000,
      discount: 0,
      shippingPrice: 20_000,
      totalPrice: 28_000,
    });
  });

  it('takes 5% off the subtotal with an affiliate code, shipping decided on the undiscounted subtotal', () => {
    expect(
      priceAndCompare(twoTees(), true, anOrderInput({ totalPrice: 276 }), DEFAULT_SHIPPING),
    ).toMatchObject({
      discount: 400,
      totalPrice: 27_600,
    });
  });

  it('refuses a tampered total, subtotal or shipping with 409 PRICE_CHANGED', () => {
    const tamperings = [
      { totalPrice: 1 },
      { itemsPrice: 70 },
      { shippingPrice: 0, totalPrice: 80 },
      { shippingPrice: 0 },
    ];
    for (const tampered of tamperings) {
      const error = refusal(() =>
        priceAndCompare(twoTees(), false, anOrderInput(tampered), DEFAULT_SHIPPING),
      );
      expect([error.status, error.code, error.message]).toEqual([
        409,
        'PRICE_CHANGED',
        'Prices have changed since you loaded the page. Please review your cart and try again.',
      ]);
    }
  });
});
