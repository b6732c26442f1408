import { randomUUID } from 'node:crypto';
import type { Product } from '@shop/contracts';
import { callShop, type ShopProcess } from './shop-process';
import type { SmtpInbox } from './smtp-inbox';

/** A test server that takes a channel's messages and can hold them in flight (SmtpInbox, CloudApiServer). */
export interface DeliveryGate {
  readonly held: number;
  readonly received: readonly unknown[];
  /** From now on, holds every delivery unanswered. */
  holdRecipients(): void;
  letThrough(count: number): void;
  openGate(): void;
}

/** A shop process's API as the crash tests drive it: a JSON call that throws on an error answer. */
export function shopCaller(shop: ShopProcess) {
  return async <Body>(method: string, path: string, body?: unknown, token?: string): Promise<Body> => {
    const answer = await callShop<Body>(shop, method, path, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { token } : {}),
    });
    if (answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
}

/** Signs the admin in, adds a product with stock and registers a shopper: what placing orders needs. */
export async function readyToOrder(shop: ShopProcess, admin: { email: string; password: string }) {
  const call = shopCaller(shop);
  const adminToken = (await call<{ token: string }>('POST', '/api/auth/login', admin)).token;
  const product = await call<Product>(
    'POST',
    '/api/products',
    {
      name: 'Crash Tee',
      description: 'Sent once.',
      category: 'Shirts',
      price: 120,
      image: '/images/airlift-high-support-bra.webp',
      sizes: [],
      countInStock: 100,
    },
    adminToken,
  );
  const shopper = await call<{ token: string; email: string }>('POST', '/api/auth/register', {
    name: 'Crash Shopper',
    email: `crash-${randomUUID()}@example.pk`,
    contact: '0300-1234567',
    password: 'crash shopper password',
  });
  return { call, adminToken, product, shopper };
}

/**
 * Follows the verification link the shop mailed to `email`, so the shop sends that address the order
 * e-mails it withholds from an unverified one.
 */
export async function verifyFromInbox(shop: ShopProcess, inbox: SmtpInbox, email: string): Promise<void> {
  const tokenIn = () =>
    inbox
      .addressLinksTo(email)
      .flatMap((mail) => mail.links)
      .map((href) => new URL(href).searchParams.get('token'))
      .find((token) => token !== null);
  await inbox.waitUntil(() => tokenIn() !== undefined);
  await shopCaller(shop)('POST', '/api/auth/verify-email', { token: tokenIn() });
}

/** Polls `condition` until it holds; after 20 s fails naming `what`, with the shop's last output. */
export async function untilShop(
  shop: ShopProcess,
  condition: () => boolean | Promise<boolean>,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${shop.recentOutput()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The outbox crash tests' two kills. Messages are owed (`owe`) while the gate holds every delivery,
 * and the shop is SIGKILLed with some in flight. Restarted, three get through and more are held; it
 * is SIGKILLed again once the shop has recorded the three sent. Restarted with the gate open, it runs
 * until every message is recorded sent. The caller then checks that each arrived once.
 */
export async function killTwiceWhileSending(
  shop: ShopProcess,
  gate: DeliveryGate,
  steps: {
    owe(): Promise<void>;
    /** The channel's counts at `GET /api/admin/messages`. */
    counts(): Promise<{ sent: number; waiting: number }>;
    total: number;
  },
): Promise<void> {
  // What went out before (a verification link, say) is not part of the count.
  const before = gate.received.length;
  const sentBefore = (await steps.counts()).sent;
  gate.holdRecipients();
  await steps.owe();
  await untilShop(shop, () => gate.held >= 2, 'messages are in the middle of being sent');
  await shop.kill();
  if (gate.received.length > before) throw new Error('a held message was received');
  await killedConnectionsClosed(shop, gate);

  await shop.start();
  gate.letThrough(3);
  await untilShop(
    shop,
    () => gate.received.length === before + 3 && gate.held >= 1,
    'three are sent and more are being sent',
  );
  await untilShop(
    shop,
    async () => (await steps.counts()).sent === sentBefore + 3,
    'the shop has recorded the three as sent',
  );
  await shop.kill();
  await killedConnectionsClosed(shop, gate);

  gate.openGate();
  await shop.start();
  await untilShop(
    shop,
    async () => {
      const now = await steps.counts();
      return now.sent === sentBefore + steps.total && now.waiting === 0;
    },
    'every message is recorded sent',
  );
}

/**
 * Waits until the gate has seen every connection of the killed shop close. Until then a request it
 * holds looks alive, and letting it through would count as received a message no shop will ever
 * hear was taken, so the restarted shop rightly sends it again.
 */
async function killedConnectionsClosed(shop: ShopProcess, gate: DeliveryGate): Promise<void> {
  await untilShop(shop, () => gate.held === 0, "the killed shop's connections are closed");
}
