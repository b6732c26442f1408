import { describe, expect, it } from 'vitest';
import type { ProductCommand, VariantDraft } from './decide';
import { at, refused, released, reserved, spec } from './decide-test-kit';
import type { ProductEvent } from './product';
import { aProductCreated, aProductDetails } from './test-builders';

const options = [
  { name: 'Colour', values: ['Black', 'Olive'] },
  { name: 'Size', values: ['SM', 'MD'] },
];
const draft = (colour: string, size: string, stock?: number, price = 2_900_00): VariantDraft => ({
  sku: `T-${colour}-${size}`,
  options: { Colour: colour, Size: size },
  price,
  originalPrice: null,
  ...(stock === undefined ? {} : { stock }),
});
const create = (variants: VariantDraft[]): ProductCommand => ({
  type: 'CreateProduct',
  productId: 'p1',
  details: aProductDetails(),
  options,
  variants,
  freshVariantIds: variants.map((_, index) => `new-${index}`),
  at,
});
const update = (variants: VariantDraft[], opts = options): ProductCommand => ({
  type: 'UpdateProduct',
  productId: 'p1',
  details: aProductDetails(),
  options: opts,
  variants,
  freshVariantIds: variants.map((_, index) => `fresh-${index}`),
  at,
});

const variantsIn = (event: ProductEvent | undefined) =>
  event && (event.type === 'ProductCreated' || event.type === 'ProductUpdated') ? event.data.variants : [];

/** A tee in Black and Olive, SM and MD, 3 of each, olive at 3,200. */
const tee = (): ProductEvent => {
  const [event] = spec
    .given()
    .when(
      create([
        draft('Black', 'SM', 3),
        draft('Black', 'MD', 3),
        draft('Olive', 'SM', 3, 3_200_00),
        draft('Olive', 'MD', 3, 3_200_00),
      ]),
    )
    .events();
  return event!;
};
/** Leggings with one variant per size (the seed's payload), SM 2, MD 1. */
const leggings = () =>
  aProductCreated({ sizes: ['SM', 'MD'], stockBySize: { SM: 2, MD: 1 }, countInStock: 3 });
const stateOf = (...history: ProductEvent[]) => {
  const { state } = spec.given(...history);
  if (state.status === 'absent') throw new Error('no product');
  return state;
};

describe('a product’s variants', () => {
  it('records each variant with its fresh id and derives the lowest price, the sizes and the units per size', () => {
    const event = tee();
    expect(event.type).toBe('ProductCreated');
    expect(event.data).toMatchObject({
      price: 2_900_00,
      sizes: ['SM', 'MD'],
      stockBySize: { SM: 6, MD: 6 },
      countInStock: 12,
      options,
    });
    expect(variantsIn(event).map((v) => [v.id, v.stock])).toEqual([
      ['new-0', 3],
      ['new-1', 3],
      ['new-2', 3],
      ['new-3', 3],
    ]);
  });

  it('takes the lowest variant’s original price with its price', () => {
    const [event] = spec
      .given()
      .when(
        create([
          { ...draft('Black', 'SM', 1, 5_000_00), originalPrice: 6_000_00 },
          { ...draft('Olive', 'SM', 1, 4_000_00), originalPrice: 4_500_00 },
        ]),
      )
      .events();
    expect(event?.data).toMatchObject({ price: 4_000_00, originalPrice: 4_500_00 });
  });

  it('keeps a matched variant’s id and units on an edit, sets the units given, and gives new combinations fresh ids', () => {
    const history = [tee(), reserved('o1', 1, 'SM')];
    // SM comes in two colours, so a reservation by size alone moved no variant: only the hold.
    expect(stateOf(...history).countInStock).toBe(12);
    const [edited] = spec
      .given(tee())
      .when(update([draft('Olive', 'MD'), draft('Black', 'SM', 10), draft('Olive', 'SM', 0)]))
      .events();
    expect(variantsIn(edited).map((v) => [v.id, v.stock])).toEqual([
      ['new-3', 3],
      ['new-0', 10],
      ['new-2', 0],
    ]);
    const [renamed] = spec
      .given(tee())
      .when(
        update(
          [draft('Black', 'SM', 1)],
          [
            { name: 'Colour', values: ['Black'] },
            { name: 'Size', values: ['SM'] },
          ],
        ),
      )
      .events();
    expect(variantsIn(renamed)[0]?.id).toBe('new-0');
  });

  it('gives fresh ids when the options themselves change, and a new variant with no units given starts at 0', () => {
    const [edited] = spec
      .given(tee())
      .when(
        update([{ ...draft('Black', 'SM'), options: { Fit: 'Slim' } }], [{ name: 'Fit', values: ['Slim'] }]),
      )
      .events();
    expect(variantsIn(edited)).toMatchObject([{ id: 'fresh-0', stock: 0 }]);
  });

  it('refuses an order line by size alone when the size comes in several colours, 409', () => {
    spec
      .given(tee())
      .when({ type: 'ReserveStock', productId: 'p1', orderId: 'o1', size: 'SM', qty: 1, at })
      .thenThrows(refused(409, 'CONFLICT', /comes in several/));
  });

  it('takes and gives back the units of the variant a size picks out, and the sums follow', () => {
    const history = [leggings(), reserved('o1', 2, 'SM'), reserved('o2', 1, 'MD'), released('o2', 1, 'MD')];
    const state = stateOf(...history);
    expect(state.variants.map((v) => [v.id, v.stock])).toEqual([
      ['p1-SM', 0],
      ['p1-MD', 1],
    ]);
    expect([state.countInStock, state.stockBySize]).toEqual([1, { SM: 0, MD: 1 }]);
    spec
      .given(...history)
      .when({ type: 'ReserveStock', productId: 'p1', orderId: 'o3', size: 'SM', qty: 1, at })
      .thenThrows(refused(409, 'OUT_OF_STOCK', '"Flex Leggings" in size SM is out of stock.'));
  });

  it('moves the one variant of a product without options', () => {
    const plainProduct = aProductCreated({ sizes: [], countInStock: 4 });
    const state = stateOf(plainProduct, reserved('o1', 3, ''));
    expect(state.variants.map((v) => [v.id, v.stock, v.options])).toEqual([['p1-one', 1, {}]]);
    expect(state.countInStock).toBe(1);
  });

  it('keeps the ids when the options are only reordered, and gives fresh ones when an option is dropped', () => {
    const reordered = [options[1]!, options[0]!];
    expect(
      variantsIn(
        spec
          .given(tee())
          .when(update([draft('Olive', 'MD')], reordered))
          .events()[0],
      )[0]?.id,
    ).toBe('new-3');
    const colourOnly = [{ name: 'Colour', values: ['Black', 'Olive'] }];
    const black = { ...draft('Black', 'SM'), options: { Colour: 'Black' } };
    expect(
      variantsIn(
        spec
          .given(tee())
          .when(update([black], colourOnly))
          .events()[0],
      )[0]?.id,
    ).toBe('fresh-0');
  });

  it('will not make a new variant without a fresh id for it', () => {
    const { freshVariantIds: _, ...withoutIds } = create([draft('Black', 'SM', 1)]) as Extract<
      ProductCommand,
      { type: 'CreateProduct' }
    >;
    expect(() => spec.given().when(withoutIds).events()).toThrow('No fresh id for variant 0 of product p1');
  });
});
