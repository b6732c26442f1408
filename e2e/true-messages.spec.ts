import { describe, expect } from 'vitest';
import { visible } from './support/fixtures';
import { mailTest as test, verifyFromInbox } from './support/mail';
import { ShopApi, storeSession } from './support/shop-api';

const WIDTHS = [390, 1280] as const;

describe('messages that are true, at 390 and 1280 px', () => {
  for (const width of WIDTHS) {
    test(`${width} px: the link names the order before confirming; a cancelled order asks nothing; the admin can call`, async ({
      server,
      inbox,
      context,
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
      const api = new ShopApi(server.url);
      const admin = await api.login(server.admin.email, server.admin.password);
      const product = (await api.products()).find((candidate) => candidate.countInStock > 3);
      if (!product) throw new Error('the demo catalogue has no product in stock');
      const shopper = await api.register(
        width < 1024 ? 'Sana Phone' : 'Sana Laptop',
        `sana.true.${width}@example.com`,
        '0300-7654321',
      );
      // Order e-mails reach an address once its owner has followed the verification link.
      await verifyFromInbox(inbox, server.url, shopper.email);
      const kept = await api.placeCodOrder(shopper, product, 2);
      const dropped = await api.placeCodOrder(shopper, product);

      // The e-mail asks for the confirmation; its link names the order before anything is pressed.
      let link: string | undefined;
      await inbox.waitUntil(() => {
        const mail = inbox
          .to(shopper.email)
          .find((m) => m.subject === `Please confirm your order ${kept.reference}`);
        link = mail?.links.find((href) => href.startsWith(`${server.url}/confirm-order?token=`));
        return link !== undefined;
      });
      await page.goto(link!);
      const summary = await visible(page.getByRole('region', { name: `Order ${kept.reference}` }));
      expect(await summary.textContent()).toContain(`${product.name}`);
      expect(await summary.textContent()).toContain('× 2');
      await visible(page.getByRole('button', { name: 'Yes, confirm my order' }));
      const before = await api.ok<{ confirmation: { state: string } }>('GET', `/api/orders/${kept.id}`, {
        token: shopper.token,
      });
      expect(before.confirmation.state).toBe('awaiting');

      // She cancels the other one: its page no longer asks her to confirm it.
      await api.ok('POST', `/api/orders/${dropped.id}/cancel`, { token: shopper.token });
      await storeSession(context, shopper);
      await page.goto(`/order/${dropped.id}`);
      await visible(page.getByRole('heading', { level: 1, name: `Order ${dropped.reference}` }));
      expect(await page.getByText(/Awaiting your confirmation/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Confirm your order' }).count()).toBe(0);

      // No affiliate banner for a visitor who came through no link.
      await page.goto('/shopping');
      await visible(page.getByRole('heading', { level: 1, name: 'Premium Collection' }));
      expect(await page.getByText(/affiliate.s link/).count()).toBe(0);

      // The admin's list calls and messages the shopper, and leaves the cancelled order out of "awaiting".
      await storeSession(context, admin);
      await page.goto('/admin/orders?confirmation=awaiting');
      const call = await visible(page.getByRole('link', { name: 'Call 0300-7654321' }).first());
      expect(await call.getAttribute('href')).toBe('tel:+923007654321');
      const whatsapp = page.getByRole('link', { name: 'WhatsApp 0300-7654321' }).first();
      expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/923007654321');
      await visible(page.getByText(kept.reference).first());
      expect(await page.getByText(dropped.reference).count()).toBe(0);
    });
  }
});
