import type { Order, PaymentForm, Product } from '@shop/contracts';
import type { MailSettings } from '../../platform/config/mail-settings';
import { type FakeJazzCash, startFakeJazzCash } from '../../test-support/fake-jazzcash';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SHOP_ENV,
  type TestShop,
} from '../../test-support/test-shop';
import { createProduct, placeOrderOk } from '../orders/order-test-kit';

/** Helpers for the payment API tests: a shop configured for a fake JazzCash, orders to pay. */

export const MERCHANT = { merchantId: 'MC12345', password: 'pw0abc1def', salt: 'integrity-salt-1234' };

export interface PaymentWorld {
  t: TestShop;
  fake: FakeJazzCash;
  admin: SignedInUser;
  ayesha: SignedInUser;
  tee: Product;
  close(): Promise<void>;
}

export async function paymentWorld(
  env: Record<string, string> = {},
  options: { publicUrl?: string; mail?: (dataDir: string) => MailSettings } = {},
): Promise<PaymentWorld> {
  const fake = await startFakeJazzCash(MERCHANT);
  const t = await openTestShop({
    env: {
      ...TEST_SHOP_ENV,
      JAZZCASH_MERCHANT_ID: MERCHANT.merchantId,
      JAZZCASH_PASSWORD: MERCHANT.password,
      JAZZCASH_INTEGRITY_SALT: MERCHANT.salt,
      JAZZCASH_API_URL: fake.url,
      ...env,
    },
    ...options,
  });
  const admin = await signInAdmin(t);
  const ayesha = await registerUser(t, { name: 'Ayesha' });
  const tee = await createProduct(t, admin, { name: 'Running Tee', price: 1_250, countInStock: 10 });
  return {
    t,
    fake,
    admin,
    ayesha,
    tee,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** An order paid by transfer or online (not cash on delivery): 1,250 + 200 shipping = PKR 1,450. */
export const placeCardOrder = (w: PaymentWorld, user = w.ayesha): Promise<Order> =>
  placeOrderOk(w.t, user, [{ product: w.tee, qty: 1 }], { paymentMethod: 'Card' });

export async function startPayment(w: PaymentWorld, order: Order, user = w.ayesha): Promise<PaymentForm> {
  const response = await w.t.request<PaymentForm>('POST', `/api/orders/${order.id}/pay`, {
    token: user.token,
    body: { method: 'jazzcash' },
  });
  if (response.status !== 201) throw new Error(`pay: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The browser posts the signed form to (fake) JazzCash's page. */
export async function postToHostedPage(form: PaymentForm): Promise<{ status: number; html: string }> {
  const response = await fetch(form.actionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
  });
  return { status: response.status, html: await response.text() };
}

/** A notice posted to the shop as JazzCash (IPN) or the browser (return) posts it: a form. */
export function postNotice(w: PaymentWorld, path: 'ipn' | 'return', fields: Record<string, string>) {
  return w.t.request('POST', `/api/payments/jazzcash/${path}`, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function orderOf(w: PaymentWorld, id: string, user = w.ayesha): Promise<Order> {
  return (await w.t.request<Order>('GET', `/api/orders/${id}`, { token: user.token })).body;
}

/** The event types on the order's stream, in order. */
export async function orderEventTypes(w: PaymentWorld, orderId: string): Promise<string[]> {
  return (await w.t.deps.store.readStream(`order-${orderId}`)).map((e) => e.type);
}

/** A small real PNG, as a phone's screenshot would be (the upload checks decode it). */
export async function screenshot(): Promise<Blob> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 24, height: 48, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

/** POST /api/orders/{id}/payment-proof as the order page sends it. */
export async function sendProof(
  w: PaymentWorld,
  orderId: string,
  fields: { transactionId?: string; image?: Blob | string },
  user = w.ayesha,
) {
  const form = new FormData();
  if (fields.transactionId !== undefined) form.set('transactionId', fields.transactionId);
  if (fields.image instanceof Blob) form.set('image', fields.image, 'screenshot.png');
  else if (fields.image !== undefined) form.set('image', fields.image);
  return w.t.request('POST', `/api/orders/${orderId}/payment-proof`, { token: user.token, body: form });
}
