import { describe, expect } from 'vitest';
import { visible } from './support/fixtures';
import { mailTest as test, verifyFromInbox } from './support/mail';
import { ShopApi, storeSession } from './support/shop-api';

describe('e-mail', () => {
  test('the order confirmation arrives once, and its tracking link opens the order in the browser', async ({
    server,
    inbox,
    context,
    page,
  }) => {
    const api = new ShopApi(server.url);
    const shopper = await api.register('Sana Malik', 'sana.mail@example.com', '0300-7654321');
    await verifyFromInbox(inbox, server.url, shopper.email);
    const product = (await api.products()).find((candidate) => candidate.countInStock > 0);
    if (!product) throw new Error('the demo catalogue has no product in stock');
    const order = await api.placeCodOrder(shopper, product);

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe(`Please confirm your order ${order.reference}`);
    const link = mail!.links.find((href) => href.includes('/track/'));
    expect(link).toBe(`${server.url}/track/${order.id}`);

    await storeSession(context, shopper);
    await page.goto(link!);
    await visible(page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }));
    expect(inbox.to(shopper.email)).toHaveLength(1);
  });
});
