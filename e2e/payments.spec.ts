import { type FakeJazzCash, startFakeJazzCash } from '@shop/services/test-support/fake-jazzcash';
import { describe, expect } from 'vitest';
import { test as base, visible } from './support/fixtures';
import { startServer } from './support/server';
import { type ApiProduct, ShopApi, storeSession } from './support/shop-api';
import { waitForText } from './support/text';

const MERCHANT = { merchantId: 'MC55555', password: 'e2e-portal-pw', salt: 'e2e-integrity-salt' };

/**
 * The file's shop takes JazzCash through a fake JazzCash on 127.0.0.1 (its hosted page, IPN and
 * inquiry); the IPN address is registered once the shop's port is known, as in the merchant portal.
 */
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads fixture dependencies from this pattern.
  .extend('jazzCash', { scope: 'file' }, async ({}, { onCleanup }): Promise<FakeJazzCash> => {
    const fake = await startFakeJazzCash(MERCHANT);
    onCleanup(() => fake.close());
    return fake;
  })
  .extend('server', { scope: 'file' }, async ({ jazzCash }, { onCleanup }) => {
    const server = await startServer({
      env: {
        JAZZCASH_MERCHANT_ID: MERCHANT.merchantId,
        JAZZCASH_PASSWORD: MERCHANT.password,
        JAZZCASH_INTEGRITY_SALT: MERCHANT.salt,
        JAZZCASH_API_URL: jazzCash.url,
        PAYMENT_ACCOUNT_TITLE: 'Apex Athletics (Pvt) Ltd',
        BANK_IBAN: 'PK36 SCBL 0000 0011 2345 6702',
      },
    });
    jazzCash.ipnUrl = `${server.url}/api/payments/jazzcash/ipn`;
    onCleanup(() => server.stop());
    return server;
  });

async function setTheScene(server: { url: string; admin: { email: string; password: string } }) {
  const api = new ShopApi(server.url);
  const admin = await api.login(server.admin.email, server.admin.password);
  const product = (await api.products()).find((candidate: ApiProduct) => candidate.countInStock > 3);
  if (!product) throw new Error('the demo catalogue has no product in stock');
  return { api, admin, product };
}

describe('taking money online', () => {
  test('a shopper at 390 px pays her order on the JazzCash page and sees it Paid', async ({
    server,
    jazzCash,
    context,
    page,
  }) => {
    const { api, product } = await setTheScene(server);
    const shopper = await api.register('Ayesha Khan', 'ayesha.pays@example.com', '0300-1234567');
    const order = await api.placeCodOrder(shopper, product, 1, undefined, 'Card');
    await storeSession(context, shopper);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/order/${order.id}`);
    await visible(page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }));
    await page.getByRole('button', { name: /^Pay PKR .* with JazzCash$/ }).click();

    // JazzCash's page (the fake), reached by the browser's own form post.
    await page.waitForURL(`${jazzCash.url}/**`);
    await visible(page.getByRole('heading', { name: /^Pay PKR / }));
    await page.getByRole('button', { name: /^Pay PKR / }).click();

    // Back at the shop through the verified return, on the order page.
    await page.waitForURL(`${server.url}/order/${order.id}?payment=paid`);
    await visible(page.getByText(/^Paid at /));
    expect(jazzCash.refusedForms).toBe(0);
    expect(jazzCash.ipns.map((ipn) => ipn.status)).toEqual([200]);
    const paid = await api.ok<{ status: string; isPaid: boolean }>('GET', `/api/orders/${order.id}`, {
      token: shopper.token,
    });
    expect(paid).toMatchObject({ status: 'Paid', isPaid: true });
  });

  test('a shopper at 390 px sends a proof of her transfer, and sees it accepted by the admin', async ({
    server,
    browser,
    context,
    page,
  }) => {
    const { api, admin, product } = await setTheScene(server);
    const shopper = await api.register('Sana Malik', 'sana.proof@example.com', '0321-7654321');
    const order = await api.placeCodOrder(shopper, product, 1, undefined, 'Card');
    await storeSession(context, shopper);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/order/${order.id}`);
    await visible(page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }));
    await visible(page.getByText('PK36 SCBL 0000 0011 2345 6702'));
    await page.getByLabel('Transaction ID').fill('IBFT-20241127-5521');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWlWOFTEMLQkAeFlQwYvuevQAAAAASUVORK5CYII=',
      'base64',
    );
    await page.getByLabel('Screenshot of the transfer').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('button', { name: 'Send proof of payment' }).click();
    const proofs = await visible(page.getByRole('list', { name: 'Proofs of payment sent' }));
    await waitForText(proofs, /IBFT-20241127-5521.*Being checked/);

    // The admin checks it on /admin/payments and accepts it.
    const adminContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    try {
      await storeSession(adminContext, admin);
      const adminPage = await adminContext.newPage();
      await adminPage.goto('/admin/payments');
      const row = await visible(adminPage.getByRole('row', { name: `Proof for order ${order.reference}` }));
      await waitForText(row, /IBFT-20241127-5521/);
      await row.getByRole('button', { name: 'Accept' }).click();
      await visible(adminPage.getByText('No proofs to check'));
    } finally {
      await adminContext.close();
    }

    await page.reload();
    await waitForText(
      await visible(page.getByRole('list', { name: 'Proofs of payment sent' })),
      /IBFT-20241127-5521.*Accepted/,
    );
    await visible(page.getByText(/^Paid at /));
  });
});
