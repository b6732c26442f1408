import type { EventData } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { findCatalogueEntry, findProduct, listProducts } from './queries';
import { anEvent, aProductCreated, aReview, projected } from './test-builders';

const at = '2024-05-03T10:00:00.000Z';

function anOrderPlaced(
  orderId: string,
  lines: { productId: string; qty: number }[],
): EventData<'OrderPlaced'> {
  return {
    orderId,
    reference: `R-${orderId}`,
    userId: 'u1',
    lines: lines.map((line, index) => ({
      lineId: `${orderId}-${index}`,
      name: 'x',
      image: '/images/x.webp',
      category: 'x',
      unitPrice: 100,
      size: 'MD',
      ...line,
    })),
    shippingAddress: {
      fullName: 'Ayesha Khan',
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '',
    },
    paymentMethod: 'COD',
    itemsPrice: 100,
    discount: 0,
    shippingPrice: 0,
    totalPrice: 100,
    affiliateCode: null,
    affiliateUserId: null,
    confirmationRequired: true,
    at,
  };
}

describe('the catalogue read model', () => {
  it('answers a created product with money in decimals and no reviews as rating 0', () => {
    const db = projected(aProductCreated({ price: 4_999_50, originalPrice: 5_999_00 }));
    expect(findProduct(db, { id: 'p1' })).toEqual({
      id: 'p1',
      name: 'Flex Leggings',
      description: 'High-waisted leggings that stay put.',
      category: 'Leggings',
      price: 4999.5,
      originalPrice: 5999,
      image: '/images/flex.webp',
      thumbnail: '/images/flex-thumb.webp',
      sizes: ['SM', 'MD'],
      options: [{ name: 'Size', values: ['SM', 'MD'] }],
      variants: [
        { id: 'p1-SM', sku: null, options: { Size: 'SM' }, price: 4999.5, originalPrice: 5999, stock: 5 },
        { id: 'p1-MD', sku: null, options: { Size: 'MD' }, price: 4999.5, originalPrice: 5999, stock: 0 },
      ],
      countInStock: 5,
      stockBySize: { SM: 5, MD: 0 },
      rating: 0,
      numReviews: 0,
      popularity: 0,
      isFeatured: false,
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-01T10:00:00.000Z',
    });
  });

  it('follows edits, reservations and releases in the stock count of a product without sizes', () => {
    const db = projected(
      aProductCreated({ sizes: [], countInStock: 5 }),
      anEvent('StockReserved', { productId: 'p1', orderId: 'o1', size: '', qty: 3, at }),
      anEvent('StockReleased', { productId: 'p1', orderId: 'o1', size: '', qty: 1, reason: 'cancelled', at }),
    );
    expect(findProduct(db, { id: 'p1' })).toMatchObject({ countInStock: 3, stockBySize: {} });
    const edited = aProductCreated({ name: 'Flex Leggings II', sizes: ['LG'], countInStock: 12, at });
    const db2 = projected(aProductCreated(), { ...edited, type: 'ProductUpdated' });
    expect(findProduct(db2, { id: 'p1' })).toMatchObject({
      name: 'Flex Leggings II',
      sizes: ['LG'],
      countInStock: 12,
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: at,
    });
  });

  it('keeps a count per size: the size ordered moves, and the total with it', () => {
    const moved = (
      type: 'StockReserved' | 'StockReleased',
      size: 'SM' | 'MD' | 'LG' | '' | null,
      qty: number,
    ) =>
      type === 'StockReserved'
        ? anEvent(type, { productId: 'p1', orderId: 'o1', size, qty, at })
        : anEvent(type, { productId: 'p1', orderId: 'o1', size, qty, reason: 'cancelled', at });
    const created = aProductCreated({ sizes: ['SM', 'MD'], stockBySize: { SM: 2, MD: 6 }, countInStock: 8 });
    expect(
      findProduct(projected(created, moved('StockReserved', 'MD', 4), moved('StockReleased', 'MD', 1)), {
        id: 'p1',
      }),
    ).toMatchObject({ countInStock: 5, stockBySize: { SM: 2, MD: 3 } });
    // From before stock per size: the first size.
    expect(findProduct(projected(created, moved('StockReserved', null, 2)), { id: 'p1' })).toMatchObject({
      countInStock: 6,
      stockBySize: { SM: 0, MD: 6 },
    });
    // A size not offered, or the sizeless count of a product with sizes: nothing for sale moves.
    expect(
      findProduct(projected(created, moved('StockReleased', 'LG', 2), moved('StockReleased', '', 1)), {
        id: 'p1',
      }),
    ).toMatchObject({ countInStock: 8, stockBySize: { SM: 2, MD: 6 } });
    const entry = findCatalogueEntry(projected(created, moved('StockReserved', 'SM', 2)), { id: 'p1' });
    expect(entry).toMatchObject({ countInStock: 6, stockBySize: { SM: 0, MD: 6 } });
  });

  it('averages the live reviews and recomputes exactly when one is deleted', () => {
    const db = projected(
      aProductCreated(),
      aReview('r1', 'p1', 5),
      aReview('r2', 'p1', 4),
      aReview('r3', 'p1', 1),
    );
    expect(findProduct(db, { id: 'p1' })).toMatchObject({ rating: 3.3, numReviews: 3 });
    const afterDeletion = projected(
      aProductCreated(),
      aReview('r1', 'p1', 5),
      aReview('r2', 'p1', 4),
      aReview('r3', 'p1', 1),
      anEvent('ReviewDeleted', { reviewId: 'r3', productId: 'p1', deletedBy: 'admin', at }),
    );
    expect(findProduct(afterDeletion, { id: 'p1' })).toMatchObject({ rating: 4.5, numReviews: 2 });
    const allDeleted = projected(
      aProductCreated(),
      aReview('r1', 'p1', 5),
      anEvent('ReviewDeleted', { reviewId: 'r1', productId: 'p1', deletedBy: 'admin', at }),
    );
    expect(findProduct(allDeleted, { id: 'p1' })).toMatchObject({ rating: 0, numReviews: 0 });
  });

  it('counts verified reviews alone; an edit of a verified one moves the average, an unverified one never counts', () => {
    const edited = (reviewId: string, rating: number) =>
      anEvent('ReviewEdited', {
        reviewId,
        productId: 'p1',
        userId: 'u1',
        rating,
        comment: '',
        anonymous: false,
        at,
      });
    const db = projected(
      aProductCreated(),
      aReview('old1', 'p1', 1, false),
      aReview('old2', 'p1', 1, false),
      aReview('r1', 'p1', 5),
      aReview('r2', 'p1', 4),
    );
    expect(findProduct(db, { id: 'p1' })).toMatchObject({ rating: 4.5, numReviews: 2 });
    const afterEdits = projected(
      aProductCreated(),
      aReview('old1', 'p1', 1, false),
      aReview('r1', 'p1', 5),
      aReview('r2', 'p1', 4),
      edited('r2', 2),
      edited('old1', 5),
    );
    expect(findProduct(afterEdits, { id: 'p1' })).toMatchObject({ rating: 3.5, numReviews: 2 });
    const onlyOld = projected(aProductCreated(), aReview('old1', 'p1', 1, false));
    expect(findProduct(onlyOld, { id: 'p1' })).toMatchObject({ rating: 0, numReviews: 0 });
  });

  it('keeps the average exactly what a recount of the live reviews gives, review after review', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const events = [aProductCreated()];
    const live: string[] = [];
    for (let i = 0; i < 400; i++) {
      if (live.length > 0 && random() < 0.3) {
        const [reviewId] = live.splice(Math.floor(random() * live.length), 1);
        events.push(
          anEvent('ReviewDeleted', { reviewId: reviewId!, productId: 'p1', deletedBy: 'admin', at }),
        );
      } else {
        live.push(`r${i}`);
        events.push(aReview(`r${i}`, 'p1', 1 + Math.floor(random() * 5)));
      }
    }
    const db = projected(...events);
    const stored = db.first(
      db.qb
        .selectFrom('catalogue_products')
        .select(['rating', 'num_reviews', 'sort_rating'])
        .where('id', '=', 'p1'),
    );
    const ratings = db.all(db.qb.selectFrom('catalogue_reviews').select('rating')).map((r) => r.rating);
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    expect(ratings.length).toBe(live.length);
    expect(stored).toEqual({
      rating: sum / ratings.length,
      num_reviews: ratings.length,
      sort_rating: sum / ratings.length,
    });
  });

  it('counts units ordered per product as popularity, across orders and lines', () => {
    const db = projected(
      aProductCreated({ productId: 'p1' }),
      aProductCreated({ productId: 'p2' }),
      anEvent(
        'OrderPlaced',
        anOrderPlaced('o1', [
          { productId: 'p1', qty: 2 },
          { productId: 'p2', qty: 1 },
        ]),
      ),
      anEvent(
        'OrderPlaced',
        anOrderPlaced('o2', [
          { productId: 'p1', qty: 3 },
          { productId: 'p1', qty: 1 },
        ]),
      ),
    );
    expect(findProduct(db, { id: 'p1' })?.popularity).toBe(6);
    expect(findProduct(db, { id: 'p2' })?.popularity).toBe(1);
  });

  it('hides a deleted product from every query but keeps it for old orders', () => {
    const db = projected(
      aProductCreated({ productId: 'p1' }),
      aProductCreated({ productId: 'p2' }),
      anEvent('ProductDeleted', { productId: 'p1', at }),
    );
    expect(findProduct(db, { id: 'p1' })).toBeUndefined();
    expect(listProducts(db).map((p) => p.id)).toEqual(['p2']);
    expect(findCatalogueEntry(db, { id: 'p1' })).toMatchObject({ id: 'p1', deleted: true, price: 4_999_00 });
  });

  it('stops on an event whose data breaks its contract instead of writing a wrong row', () => {
    const broken = anEvent('ProductCreated', { productId: 'p1' } as EventData<'ProductCreated'>);
    expect(() => projected(broken)).toThrow();
  });
});
