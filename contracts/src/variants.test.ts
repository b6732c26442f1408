import { describe, expect, it } from 'vitest';
import { ProductInput } from './catalogue';
import {
  combinationKey,
  derivedFromVariants,
  derivedVariantId,
  isSize,
  optionAndVariantIssues,
  Sku,
  sizeOfVariant,
  skuKey,
  variantsFromSizes,
} from './variants';

const colourSize = [
  { name: 'Colour', values: ['Black', 'Olive'] },
  { name: 'Size', values: ['SM', 'MD'] },
];
const v = (colour: string, size: string, extra: Record<string, unknown> = {}) => ({
  sku: `T-${colour}-${size}`,
  options: { Colour: colour, Size: size },
  price: 100,
  ...extra,
});
const fieldsOf = (
  options: Parameters<typeof optionAndVariantIssues>[0],
  variants: Parameters<typeof optionAndVariantIssues>[1],
) => optionAndVariantIssues(options, variants).map((issue) => [issue.path.join('.'), issue.message]);

describe('the rules across options and variants', () => {
  it('accepts a full grid, a partial one and a product of one variant without options', () => {
    expect(
      fieldsOf(colourSize, [v('Black', 'SM'), v('Black', 'MD'), v('Olive', 'SM'), v('Olive', 'MD')]),
    ).toEqual([]);
    expect(fieldsOf(colourSize, [v('Olive', 'MD')])).toEqual([]);
    expect(fieldsOf([], [{ sku: null, options: {}, price: 5 }])).toEqual([]);
    const three = [...colourSize, { name: 'Fit', values: ['Slim'] }];
    expect(fieldsOf(three, [{ options: { Colour: 'Black', Size: 'SM', Fit: 'Slim' }, price: 1 }])).toEqual(
      [],
    );
  });

  it('allows 3 options, not 4', () => {
    const four = [...colourSize, { name: 'Fit', values: ['Slim'] }, { name: 'Sleeve', values: ['Short'] }];
    expect(
      fieldsOf(four, [{ options: { Colour: 'Black', Size: 'SM', Fit: 'Slim', Sleeve: 'Short' }, price: 1 }]),
    ).toEqual([['options', 'At most 3 options']]);
  });

  it('refuses an option name twice in any case, and a size option spelt otherwise', () => {
    expect(
      fieldsOf(
        [
          { name: 'Colour', values: ['A'] },
          { name: 'colour', values: ['B'] },
        ],
        [],
      ),
    ).toContainEqual(['options.1.name', 'colour is already an option']);
    expect(fieldsOf([{ name: 'SIZE', values: ['SM'] }], [{ options: { SIZE: 'SM' }, price: 1 }])).toEqual([
      ['options.0.name', 'Call the size option "Size"'],
    ]);
  });

  it('refuses a value twice in any case and a size value that is not a size code', () => {
    expect(
      fieldsOf(
        [{ name: 'Colour', values: ['Black', 'BLACK'] }],
        [{ options: { Colour: 'Black' }, price: 1 }],
      ),
    ).toEqual([['options.0.values.1', 'BLACK is already a value']]);
    expect(
      fieldsOf([{ name: 'Size', values: ['SM', 'Small'] }], [{ options: { Size: 'SM' }, price: 1 }]),
    ).toEqual([['options.0.values.1', 'Size must be one of SM, MD, LG, XL, 2XL, 3XL, 4XL']]);
  });

  it('wants 1 to 100 variants, and one only without options', () => {
    expect(fieldsOf(colourSize, [])).toEqual([['variants', 'Add at least one variant']]);
    const many = Array.from({ length: 101 }, (_, i) => ({ options: { N: String(i) }, price: 1 }));
    expect(fieldsOf([{ name: 'N', values: many.map((_, i) => String(i)) }], many)).toEqual([
      ['variants', 'At most 100 variants'],
    ]);
    const hundred = many.slice(0, 100);
    expect(fieldsOf([{ name: 'N', values: hundred.map((_, i) => String(i)) }], hundred)).toEqual([]);
    expect(
      fieldsOf(
        [],
        [
          { options: {}, price: 1 },
          { options: {}, price: 2 },
        ],
      ),
    ).toContainEqual(['variants', 'A product without options has one variant']);
  });

  it('wants each variant to name one known value of every option and nothing else', () => {
    expect(fieldsOf(colourSize, [{ options: { Colour: 'Black' }, price: 1 }])).toEqual([
      ['variants.0.options.Size', 'Choose a Size'],
    ]);
    expect(fieldsOf(colourSize, [v('Red', 'SM')])).toEqual([
      ['variants.0.options.Colour', 'Red is not a Colour of this product'],
    ]);
    expect(
      fieldsOf(colourSize, [{ options: { Colour: 'Black', Size: 'SM', Fit: 'Slim' }, price: 1 }]),
    ).toEqual([['variants.0.options.Fit', 'There is no option Fit']]);
  });

  it('refuses two variants alike (whatever the key order), a SKU twice in any case, an original price below the price', () => {
    const swapped = { sku: 'other', options: { Size: 'SM', Colour: 'Black' }, price: 1 };
    expect(fieldsOf(colourSize, [v('Black', 'SM'), swapped])).toEqual([
      ['variants.1.options', 'Another variant has the same options'],
    ]);
    expect(fieldsOf(colourSize, [v('Black', 'SM'), v('Olive', 'SM', { sku: 't-black-sm ' })])).toEqual([
      ['variants.1.sku', 'SKU t-black-sm  is used twice'],
    ]);
    expect(fieldsOf(colourSize, [v('Black', 'SM', { sku: null }), v('Olive', 'SM', { sku: null })])).toEqual(
      [],
    );
    expect(fieldsOf(colourSize, [v('Black', 'SM', { originalPrice: 99 })])).toEqual([
      ['variants.0.originalPrice', 'Original price must not be below the price'],
    ]);
    expect(
      fieldsOf(colourSize, [
        v('Black', 'SM', { originalPrice: 100 }),
        v('Olive', 'SM', { originalPrice: null }),
      ]),
    ).toEqual([]);
  });
});

describe('what a product derives from its variants', () => {
  it('takes the lowest price with its original price, the Size values, the units per size and in all', () => {
    const variants = [
      { options: { Colour: 'Black', Size: 'SM' }, price: 300, originalPrice: null, stock: 2 },
      { options: { Colour: 'Olive', Size: 'SM' }, price: 200, originalPrice: 250, stock: 3 },
      { options: { Colour: 'Olive', Size: 'MD' }, price: 200, originalPrice: 999, stock: 4 },
    ];
    expect(derivedFromVariants(colourSize, variants)).toEqual({
      price: 200,
      originalPrice: 250,
      sizes: ['SM', 'MD'],
      stockBySize: { SM: 5, MD: 4 },
      countInStock: 9,
    });
  });

  it('gives no sizes and the one count without a Size option, and zeros for nothing', () => {
    expect(derivedFromVariants([], [{ options: {}, price: 5, originalPrice: null, stock: 7 }])).toEqual({
      price: 5,
      originalPrice: null,
      sizes: [],
      stockBySize: {},
      countInStock: 7,
    });
    expect(derivedFromVariants([], [])).toEqual({
      price: 0,
      originalPrice: null,
      sizes: [],
      stockBySize: {},
      countInStock: 0,
    });
  });

  it('makes the seed’s sizes a Size option with a variant each, ids derived from the product and size', () => {
    expect(
      variantsFromSizes({
        productId: 'p',
        sizes: ['MD', 'SM'],
        countInStock: 9,
        stockBySize: { MD: 4 },
        price: 10,
        originalPrice: 12,
      }),
    ).toEqual({
      options: [{ name: 'Size', values: ['MD', 'SM'] }],
      variants: [
        { id: 'p-MD', sku: null, options: { Size: 'MD' }, price: 10, originalPrice: 12, stock: 4 },
        { id: 'p-SM', sku: null, options: { Size: 'SM' }, price: 10, originalPrice: 12, stock: 0 },
      ],
    });
    expect(
      variantsFromSizes({
        productId: 'p',
        sizes: [],
        countInStock: 3,
        stockBySize: {},
        price: 10,
        originalPrice: null,
      }),
    ).toEqual({
      options: [],
      variants: [{ id: 'p-one', sku: null, options: {}, price: 10, originalPrice: null, stock: 3 }],
    });
  });

  it('keys a combination by the options’ order, knows a size, a variant’s size and a SKU in any case', () => {
    expect(combinationKey(colourSize, { Size: 'SM', Colour: 'Black' })).toBe(
      combinationKey(colourSize, { Colour: 'Black', Size: 'SM' }),
    );
    expect(combinationKey(colourSize, { Colour: 'Black' })).not.toBe(
      combinationKey(colourSize, { Colour: 'Black', Size: 'SM' }),
    );
    expect([isSize('MD'), isSize('md'), isSize('XXL')]).toEqual([true, false, false]);
    expect([
      sizeOfVariant({ options: { Size: 'LG' } }),
      sizeOfVariant({ options: { Colour: 'Red' } }),
    ]).toEqual(['LG', '']);
    expect(skuKey(' tee-1 ')).toBe('TEE-1');
    expect(derivedVariantId('p', '')).toBe('p-one');
  });

  it('takes SKUs of letters, digits and . _ - / up to 64 characters', () => {
    expect(Sku.safeParse(' TEE/BLK-SM_1.2 ').data).toBe('TEE/BLK-SM_1.2');
    for (const bad of ['', '-lead', 'has space', 'x'.repeat(65), 'ü'])
      expect(Sku.safeParse(bad).success, bad).toBe(false);
    expect(Sku.safeParse('x'.repeat(64)).success).toBe(true);
  });
});

describe('a product body with variants', () => {
  const body = { name: 'Tee', description: 'Soft.', category: 'Tops', image: '/images/t.webp' };

  it('needs no price of its own, and refuses a price, sizes or a count that contradict its variants', () => {
    const variants = [v('Black', 'SM', { stock: 2 }), v('Olive', 'MD', { price: 90, stock: 1 })];
    expect(ProductInput.safeParse({ ...body, options: colourSize, variants }).success).toBe(true);
    expect(
      ProductInput.safeParse({
        ...body,
        options: colourSize,
        variants,
        price: 90,
        countInStock: 3,
        sizes: ['SM', 'MD'],
      }).success,
    ).toBe(true);
    const issues = (extra: object) =>
      ProductInput.safeParse({ ...body, options: colourSize, variants, ...extra }).error?.issues.map(
        (issue) => issue.path.join('.'),
      );
    expect(issues({ price: 100 })).toEqual(['price']);
    expect(issues({ countInStock: 4 })).toEqual(['countInStock']);
    expect(issues({ sizes: ['SM'] })).toEqual(['sizes']);
    expect(issues({ stockBySize: { SM: 2, MD: 2 } })).toEqual(['stockBySize']);
    expect(issues({ stockBySize: { SM: 2 } })).toEqual(['stockBySize']);
    expect(issues({ stockBySize: { SM: 2, MD: 1 } })).toBeUndefined();
    const unknownStock = [v('Black', 'SM'), v('Olive', 'MD', { stock: 1 })];
    expect(
      ProductInput.safeParse({ ...body, options: colourSize, variants: unknownStock, countInStock: 99 })
        .success,
    ).toBe(true);
  });

  it('wants a price without variants, and variants with options', () => {
    expect(
      ProductInput.safeParse({ ...body, countInStock: 1 }).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]),
    ).toEqual([['price', 'Price is required']]);
    expect(
      ProductInput.safeParse({ ...body, options: colourSize }).error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['variants']);
  });

  it('says what is wrong with each derived field given beside variants', () => {
    const variants = [v('Black', 'SM', { stock: 2 })];
    const messages = (extra: object, options: unknown = colourSize) =>
      ProductInput.safeParse({ ...body, options, variants, ...extra }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(messages({ price: 1, sizes: ['MD'], countInStock: 9, stockBySize: { SM: 9 } })).toEqual([
      ['price', "With variants, the price is the lowest variant's: change the variants' prices"],
      ['sizes', 'With variants, the sizes are the Size option’s values'],
      ['countInStock', "With variants, the stock is the variants': change theirs"],
      ['stockBySize', "With variants, the stock per size is the variants': change theirs"],
    ]);
    const colourOnly = [{ name: 'Colour', values: ['Black'] }];
    const oneColour = [{ options: { Colour: 'Black' }, price: 100, stock: 2 }];
    expect(
      ProductInput.safeParse({ ...body, options: colourOnly, variants: oneColour, stockBySize: {} }).success,
    ).toBe(true);
    expect(
      ProductInput.safeParse({
        ...body,
        variants: [{ options: {}, price: 3, stock: 1 }],
        sizes: ['SM'],
      }).error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['sizes']);
    expect(
      ProductInput.safeParse({ ...body, options: colourSize, variants: [], price: 5 }).error?.issues.map(
        (issue) => issue.path.join('.'),
      ),
    ).toEqual(['variants']);
    const someUnknown = [v('Black', 'SM', { stock: 2 }), v('Olive', 'SM')];
    expect(
      ProductInput.safeParse({ ...body, options: colourSize, variants: someUnknown, stockBySize: { SM: 99 } })
        .success,
    ).toBe(true);
  });

  it('says what a seed body lacks or gets wrong', () => {
    const issues = (extra: object) =>
      ProductInput.safeParse({ ...body, ...extra }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issues({ options: colourSize })).toEqual([['variants', 'Give the variants of these options']]);
    expect(issues({ price: 10, originalPrice: 5, countInStock: 1 })).toEqual([
      ['originalPrice', 'Original price must not be below the price'],
    ]);
    expect(issues({ price: 10, originalPrice: 10, countInStock: 1 })).toBeUndefined();
  });
});
