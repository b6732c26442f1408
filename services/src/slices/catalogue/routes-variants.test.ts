import type { ErrorBody, Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser } from '../../test-support/test-shop';
import { admin, create as createSeedProduct, t, useCatalogueShop } from './routes-test-kit';
import { aProductInput } from './test-builders';

useCatalogueShop();

const options = [
  { name: 'Colour', values: ['Black', 'Olive'] },
  { name: 'Size', values: ['SM', 'MD', 'LG'] },
];

/** A tee in two colours and three sizes; olive costs more, large olive is sold out. */
const teeVariants = (skuPrefix = 'TEE') =>
  options[0]!.values.flatMap((colour) =>
    options[1]!.values.map((size) => ({
      sku: `${skuPrefix}-${colour.slice(0, 3).toUpperCase()}-${size}`,
      options: { Colour: colour, Size: size },
      price: colour === 'Olive' ? 3200 : 2900,
      originalPrice: colour === 'Olive' ? 3500 : null,
      stock: colour === 'Olive' && size === 'LG' ? 0 : 4,
    })),
  );

const aTee = (overrides: Record<string, unknown> = {}) => {
  const { description, image } = aProductInput();
  return {
    name: 'Studio Tee',
    description,
    image,
    category: 'Tops',
    options,
    variants: teeVariants(),
    ...overrides,
  };
};

/** Creates the product from exactly this body (the kit's `create` adds the seed's fields). */
const create = async (body: Record<string, unknown>) => {
  const response = await t.request<Product>('POST', '/api/products', { token: admin.token, body });
  expect(response.status).toBe(201);
  return response.body;
};

const edit = (id: string, body: unknown) =>
  t.request<Product>('PUT', `/api/products/${id}`, { token: admin.token, body });

describe('a product with options and variants', () => {
  it('is created with a variant per combination, each with a server id, and the derived fields shoppers read', async () => {
    const tee = await create(aTee());
    expect(tee.options).toEqual(options);
    expect(tee.variants).toHaveLength(6);
    expect(new Set(tee.variants.map((variant) => variant.id)).size).toBe(6);
    expect(tee.variants[4]).toEqual({
      id: expect.any(String),
      sku: 'TEE-OLI-MD',
      options: { Colour: 'Olive', Size: 'MD' },
      price: 3200,
      originalPrice: 3500,
      stock: 4,
    });
    expect(tee).toMatchObject({
      price: 2900,
      originalPrice: null,
      sizes: ['SM', 'MD', 'LG'],
      stockBySize: { SM: 8, MD: 8, LG: 4 },
      countInStock: 20,
    });
    const shown = await t.request<Product>('GET', `/api/products/${tee.id}`);
    expect(shown.body).toEqual(tee);
  });

  it('keeps each variant’s id, and its stock when none is given, on an edit matched by option values', async () => {
    const tee = await create(aTee());
    const idOf = (product: Product, colour: string, size: string) =>
      product.variants.find((v) => v.options.Colour === colour && v.options.Size === size)?.id;
    // Reordered, one dropped (Olive LG), Black SM restocked, the others' stock left out.
    const variants = teeVariants()
      .filter((v) => !(v.options.Colour === 'Olive' && v.options.Size === 'LG'))
      .reverse()
      .map(({ stock, ...variant }) =>
        variant.options.Colour === 'Black' && variant.options.Size === 'SM'
          ? { ...variant, stock: 10 }
          : variant,
      );
    const edited = await edit(
      tee.id,
      aTee({ options: [options[0], { name: 'Size', values: ['SM', 'MD', 'LG'] }], variants }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.variants).toHaveLength(5);
    for (const [colour, size] of [
      ['Black', 'SM'],
      ['Black', 'LG'],
      ['Olive', 'SM'],
    ] as const) {
      expect(idOf(edited.body, colour, size)).toBe(idOf(tee, colour, size));
    }
    expect(edited.body.variants.find((v) => v.id === idOf(tee, 'Black', 'SM'))?.stock).toBe(10);
    expect(edited.body.variants.find((v) => v.id === idOf(tee, 'Olive', 'MD'))?.stock).toBe(4);
    expect(edited.body.countInStock).toBe(10 + 4 + 4 + 4 + 4);

    const withNavy = await edit(tee.id, {
      ...aTee(),
      options: [{ name: 'Colour', values: ['Black', 'Olive', 'Navy'] }, options[1]],
      variants: [
        ...teeVariants(),
        { sku: 'TEE-NAV-MD', options: { Colour: 'Navy', Size: 'MD' }, price: 2900, stock: 2 },
      ],
    });
    expect(withNavy.status).toBe(200);
    const navy = withNavy.body.variants.find((v) => v.options.Colour === 'Navy');
    expect(navy?.id).toEqual(expect.any(String));
    expect(tee.variants.map((v) => v.id)).not.toContain(navy?.id);
  });

  it('refuses a SKU another product uses (409, any case) and frees it when that product drops it or is deleted', async () => {
    const tee = await create(aTee());
    const other = await t.request<ErrorBody>('POST', '/api/products', {
      token: admin.token,
      body: aTee({
        name: 'Other Tee',
        variants: teeVariants('TOP').map((v, index) => (index === 2 ? { ...v, sku: 'tee-bla-lg' } : v)),
      }),
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      code: 'CONFLICT',
      message: 'SKU TEE-BLA-LG is already used by another product.',
      fields: [{ field: 'variants.2.sku' }],
    });
    // The refused product took none of its SKUs: all of them can be used.
    await create(aTee({ name: 'Top', variants: teeVariants('TOP') }));

    const renamed = teeVariants().map((v) => (v.sku === 'TEE-BLA-LG' ? { ...v, sku: 'TEE-BLACK-LG' } : v));
    expect((await edit(tee.id, aTee({ variants: renamed }))).status).toBe(200);
    await create(
      aTee({
        name: 'Relabelled',
        variants: [{ sku: 'TEE-BLA-LG', options: {}, price: 100, stock: 1 }],
        options: [],
      }),
    );

    const blocked = await t.request('POST', '/api/products', {
      token: admin.token,
      body: aTee({
        name: 'Later',
        variants: [{ sku: 'TEE-OLI-SM', options: {}, price: 100, stock: 1 }],
        options: [],
      }),
    });
    expect(blocked.status).toBe(409);
    expect((await t.request('DELETE', `/api/products/${tee.id}`, { token: admin.token })).status).toBe(200);
    const later = await create(
      aTee({
        name: 'Later',
        variants: [{ sku: 'TEE-OLI-SM', options: {}, price: 100, stock: 1 }],
        options: [],
      }),
    );
    expect(later.variants[0]?.sku).toBe('TEE-OLI-SM');
  });

  it('lets two variants of one product keep their SKUs across edits', async () => {
    const tee = await create(aTee());
    expect((await edit(tee.id, aTee())).status).toBe(200);
  });

  it('answers 400 naming the field for options and variants that do not fit together', async () => {
    const cases: [unknown, string][] = [
      [
        {
          options: [...options, { name: 'Fit', values: ['Slim'] }, { name: 'Sleeve', values: ['Short'] }],
          variants: teeVariants(),
        },
        'options',
      ],
      [
        { variants: teeVariants().map((v, i) => (i === 1 ? { ...v, options: { Colour: 'Black' } } : v)) },
        'variants.1.options.Size',
      ],
      [
        {
          variants: teeVariants().map((v, i) =>
            i === 1 ? { ...v, options: { ...v.options, Colour: 'Red' } } : v,
          ),
        },
        'variants.1.options.Colour',
      ],
      [
        { variants: teeVariants().map((v, i) => (i === 3 ? { ...teeVariants()[0], sku: 'X-1' } : v)) },
        'variants.3.options',
      ],
      [
        { variants: teeVariants().map((v, i) => (i === 3 ? { ...v, sku: 'tee-bla-sm' } : v)) },
        'variants.3.sku',
      ],
      [{ options: [options[0], { name: 'Size', values: ['Small'] }] }, 'options.1.values.0'],
      [
        { variants: teeVariants().map((v, i) => (i === 0 ? { ...v, originalPrice: 100 } : v)) },
        'variants.0.originalPrice',
      ],
      [{ variants: [] }, 'variants'],
      [{ price: 1 }, 'price'],
      [{ countInStock: 1 }, 'countInStock'],
      [{ sizes: ['SM'] }, 'sizes'],
      [{ variants: undefined }, 'variants'],
    ];
    for (const [overrides, field] of cases) {
      const response = await t.request<ErrorBody>('POST', '/api/products', {
        token: admin.token,
        body: aTee(overrides as Record<string, unknown>),
      });
      expect(response.status, field).toBe(400);
      expect(
        response.body.fields?.map((f) => f.field),
        field,
      ).toContain(field);
    }
    const list = await t.request<Product[]>('GET', '/api/products');
    expect(list.body).toEqual([]);
  });

  it('answers 403 to a customer who sends variants', async () => {
    const customer = await registerUser(t);
    const response = await t.request('POST', '/api/products', { token: customer.token, body: aTee() });
    expect(response.status).toBe(403);
  });

  it('keeps the seed’s payload working: one variant per size, its ids kept by a later edit', async () => {
    const leggings = await createSeedProduct({ sizes: ['SM', 'MD'], stockBySize: { SM: 2, MD: 3 } });
    expect(leggings.options).toEqual([{ name: 'Size', values: ['SM', 'MD'] }]);
    expect(leggings.variants.map((v) => [v.options, v.stock, v.sku])).toEqual([
      [{ Size: 'SM' }, 2, null],
      [{ Size: 'MD' }, 3, null],
    ]);
    const edited = await edit(
      leggings.id,
      aProductInput({ sizes: ['MD', 'LG'], stockBySize: { MD: 7, LG: 1 } }),
    );
    expect(edited.body.variants.map((v) => v.id)[0]).toBe(leggings.variants[1]?.id);
    expect(edited.body).toMatchObject({ countInStock: 8, stockBySize: { MD: 7, LG: 1 } });
  });
});
