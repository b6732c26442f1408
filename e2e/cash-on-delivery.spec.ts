import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { visible } from './support/fixtures';
import { mailTest as test, verifyFromInbox } from './support/mail';
import { type ApiOrder, type ApiProduct, ShopApi, storeSession } from './support/shop-api';
import { textOf, waitForText } from './support/text';

/** The value beside a dashboard counter's label. */
async function counter(page: Page, region: string, label: string): Promise<string> {
  return textOf(
    page
      .getByRole('region', { name: region })
      .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd'),
  );
}

/** Picks a status in the order's row control and presses Update. */
async function chooseStatus(page: Page, order: ApiOrder, status: string): Promise<void> {
  await page.getByRole('combobox', { name: `Status of order ${order.id}` }).selectOption(status);
  await page.getByRole('button', { name: `Update status of order ${order.id}` }).click();
}

/** A shopper with a cash-on-delivery order, awaiting confirmation. */
async function aCodOrder(api: ShopApi, product: ApiProduct, name: string, email: string, phone: string) {
  const shopper = await api.register(name, email, phone);
  return { shopper, order: await api.placeCodOrder(shopper, product) };
}

async function setTheScene(server: { url: string; admin: { email: string; password: string } }) {
  const api = new ShopApi(server.url);
  const admin = await api.login(server.admin.email, server.admin.password);
  const product = (await api.products()).find((candidate) => candidate.countInStock > 3);
  if (!product) throw new Error('the demo catalogue has no product in stock');
  return { api, admin, product };
}

describe('cash on delivery that does not bleed', () => {
  test('a shopper confirms her order from the link in the message, signed out, with a button press', async ({
    server,
    inbox,
    page,
  }) => {
    const { api, product } = await setTheScene(server);
    const shopper = await api.register('Sana Malik', 'sana.cod@example.com', '0300-7654321');
    await verifyFromInbox(inbox, server.url, shopper.email);
    const order = await api.placeCodOrder(shopper, product);

    let link: string | undefined;
    await inbox.waitUntil(() => {
      link = inbox
        .to(shopper.email)
        .flatMap((mail) => mail.links)
        .find((href) => href.startsWith(`${server.url}/confirm-order?token=`));
      return link !== undefined;
    });
    await page.goto(link!);
    await visible(page.getByRole('heading', { level: 1, name: 'Confirm your order' }));
    // Opening the link (as a messenger's preview does) has confirmed nothing yet.
    const before = await api.ok<{ confirmation: { state: string } }>('GET', `/api/orders/${order.id}`, {
      token: shopper.token,
    });
    expect(before.confirmation.state).toBe('awaiting');

    await page.getByRole('button', { name: 'Yes, confirm my order' }).click();
    await visible(page.getByText(`Thank you: order ${order.reference} is confirmed.`));
    const after = await api.ok<{ confirmation: { state: string; channel: string } }>(
      'GET',
      `/api/orders/${order.id}`,
      { token: shopper.token },
    );
    expect(after.confirmation).toMatchObject({ state: 'confirmed', channel: 'link' });
  });

  test('the admin filters unconfirmed orders, confirms one by phone, is asked before dispatching, marks a refusal and reads the rates', async ({
    server,
    context,
    page,
  }) => {
    const { api, admin, product } = await setTheScene(server);
    const mine = await aCodOrder(api, product, 'Hina Butt', 'hina.cod@example.com', '0345-2223334');
    const byPhone = (await aCodOrder(api, product, 'Bilal Ahmed', 'bilal.cod@example.com', '0321-1112223'))
      .order;
    const refused = (await aCodOrder(api, product, 'Kamran Ali', 'kamran.cod@example.com', '0333-1234567'))
      .order;
    // One shopper confirmed on her order page already.
    await api.ok('POST', `/api/orders/${mine.order.id}/confirm`, { token: mine.shopper.token });

    // The orders still awaiting confirmation: the two not confirmed, each saying so.
    await storeSession(context, admin);
    await page.goto('/admin/orders');
    await visible(page.getByRole('heading', { name: 'Order Management' }));
    await page.getByLabel('Confirmation').selectOption('awaiting');
    await page.waitForURL(/confirmation=awaiting/);
    await visible(page.getByRole('button', { name: `Open order ${byPhone.reference}` }));
    await visible(page.getByRole('button', { name: `Open order ${refused.reference}` }));
    expect(await page.getByRole('button', { name: `Open order ${mine.order.reference}` }).count()).toBe(0);
    for (const order of [byPhone, refused])
      await waitForText(page.locator(`tr[data-order-id="${order.id}"]`), /Awaiting confirmation/);

    // One is confirmed by phone, with a note, in the order view.
    await page.getByRole('button', { name: `Open order ${byPhone.reference}` }).click();
    const overlay = await visible(page.getByRole('dialog', { name: `Order ${byPhone.reference}` }));
    await overlay.getByLabel('Note on the call (optional)').fill('Called, home after 5 pm');
    await overlay.getByRole('button', { name: 'Confirmed by phone' }).click();
    await visible(overlay.getByText('Note: Called, home after 5 pm'));
    await waitForText(
      overlay.locator('section', { has: page.getByRole('heading', { name: 'Confirmation' }) }),
      /Confirmed by phone \(Administrator\) on/,
    );
    await overlay.getByRole('button', { name: 'Close' }).click();
    await overlay.waitFor({ state: 'detached' });

    // Dispatching the one nobody confirmed asks first; the admin dispatches anyway.
    await chooseStatus(page, refused, 'Dispatched');
    const question = await visible(page.getByRole('alertdialog', { name: 'Dispatch an unconfirmed order?' }));
    await question.getByRole('button', { name: 'Dispatch anyway' }).click();
    await question.waitFor({ state: 'detached' });
    const row = page.locator(`tr[data-order-id="${refused.id}"]`);
    await waitForText(row.locator('.admin-status').first(), /^Dispatched$/);

    // The courier brings it back: Refused, asked first.
    await chooseStatus(page, refused, 'Refused');
    const refusal = await visible(page.getByRole('alertdialog', { name: /^Mark order .+ as refused\?$/ }));
    await refusal.getByRole('button', { name: 'Mark refused' }).click();
    await refusal.waitFor({ state: 'detached' });
    await waitForText(row.locator('.admin-status').first(), /^Refused$/);

    // The dashboard counts the refused parcel and the 30-day rates: every settled confirmation was a
    // confirmation, and the one COD parcel dispatched came back.
    await page.goto('/admin');
    await visible(page.getByRole('region', { name: 'Cash on delivery' }));
    expect(await counter(page, 'Cash on delivery', 'Refused parcels')).toBe('1');
    expect(await counter(page, 'Cash on delivery', 'Confirmed (30 days)')).toBe('100%');
    expect(await counter(page, 'Cash on delivery', 'Refused (30 days)')).toBe('100%');
    expect(await counter(page, 'Orders', 'Refused')).toBe('1');
  });
});
