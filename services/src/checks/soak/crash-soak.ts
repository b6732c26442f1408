import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SHIPPING, fromMinor, type Order, shippingFor, toMinor } from '@shop/contracts';
import {
  callShop,
  ensureBuiltServer,
  freePort,
  ShopProcess,
  type ShopRequest,
} from '../../test-support/shop-process';
import { type AckedOrder, verifyAfterSoak } from './verify-soak';

// The crash soak: the real built server under concurrent checkouts, status changes, reviews and
// registrations over HTTP, SIGKILLed at random moments and restarted; then proof that nothing
// acknowledged was lost and nothing was left half done. `npm run soak` (full size); a CI-sized run
// is crash-soak.test.ts.

export interface SoakOptions {
  requests: number;
  kills: number;
  concurrency: number;
  durability: 'durable' | 'relaxed';
  products?: number;
  stockPerProduct?: number;
  /** 'orders': checkouts only (a sale night on few products); default: the mixed day. */
  load?: 'mixed' | 'orders';
  log?: (line: string) => void;
}

export interface SoakReport {
  requestsSent: number;
  /** Answers to a checkout by status and code, e.g. `201`, `409 OUT_OF_STOCK`. */
  orderAnswers: Record<string, number>;
  acknowledged: number;
  failedInFlight: number;
  kills: number;
  ordersAcknowledged: number;
  ordersVerified: number;
  ordersMissing: string[];
  orderMismatches: string[];
  stockDrift: { productId: string; expected: number; actual: number }[];
  orphansReleasedBySweep: number;
  orphanReservationsLeft: number;
  registrationsMissing: number;
  readModelTablesDiffering: string[];
}

const ADMIN = { email: 'soak-admin@example.pk', password: 'soak admin password' };
const PRICE = 30;
const STATUSES = ['Paid', 'Processing', 'Cancelled'] as const;

export async function runCrashSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  ensureBuiltServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-soak-'));
  const shop = new ShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DURABILITY: options.durability,
    JWT_SECRET: 'crash-soak-signing-secret-of-32-characters-or-more',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  try {
    await shop.start();
    const api = <Body = Record<string, unknown>>(method: string, path: string, init: ShopRequest = {}) =>
      callShop<Body>(shop, method, path, { timeoutMs: 15_000, ...init });

    // Given: an admin, products with known stock, a few customers.
    const admin = (await api<{ token: string }>('POST', '/api/auth/login', { body: ADMIN })).body.token;
    const initialStock = options.stockPerProduct ?? 200;
    const productIds: string[] = [];
    for (let i = 0; i < (options.products ?? 4); i++) {
      const created = await api<{ id: string }>('POST', '/api/products', {
        token: admin,
        body: {
          name: `Soak Tee ${i}`,
          description: 'Survives crashes.',
          category: 'Shirts',
          price: PRICE,
          image: '/images/airlift-high-support-bra.webp',
          sizes: [],
          countInStock: initialStock,
        },
      });
      if (created.status !== 201) throw new Error(`creating a product: ${created.status}`);
      productIds.push(created.body.id);
    }
    const users: { id: string; token: string }[] = [];
    const registered: string[] = [];
    const register = async () => {
      const email = `soak-${randomUUID()}@example.pk`;
      const response = await api<{ id: string; token: string }>('POST', '/api/auth/register', {
        body: { name: 'Soak Shopper', email, contact: '0300-1234567', password: 'soak shopper password' },
      });
      if (response.status === 201) {
        users.push({ id: response.body.id, token: response.body.token });
        registered.push(response.body.id);
      }
      return response.status;
    };
    for (let i = 0; i < 5; i++) await register();

    // When: workers send bounded request loops while the killer SIGKILLs and restarts the shop.
    const acked = new Map<string, AckedOrder>();
    const orderAnswers: Record<string, number> = {};
    const counts = { sent: 0, acknowledged: 0, failed: 0, kills: 0 };
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
    const operations: (() => Promise<number>)[] = [
      async () => {
        const user = pick(users);
        const productId = pick(productIds);
        const qty = 1 + Math.floor(Math.random() * 3);
        const itemsPrice = PRICE * qty;
        const shippingPrice = fromMinor(shippingFor(toMinor(itemsPrice), DEFAULT_SHIPPING));
        const body = {
          orderItems: [{ product: productId, qty, price: PRICE, size: '' }],
          shippingAddress: {
            fullName: 'Soak Shopper',
            address: '1 Mall Road',
            city: 'Lahore',
            postalCode: '54000',
            country: 'Pakistan',
            phone: '0300-1234567',
          },
          paymentMethod: 'COD',
          itemsPrice,
          shippingPrice,
          totalPrice: itemsPrice + shippingPrice,
        };
        const response = await api<Order & { code?: string }>('POST', '/api/orders', {
          token: user.token,
          body,
          headers: { 'idempotency-key': randomUUID() },
        });
        const answer =
          response.status < 300 ? String(response.status) : `${response.status} ${response.body?.code}`;
        orderAnswers[answer] = (orderAnswers[answer] ?? 0) + 1;
        if (response.status === 201 || response.status === 200) {
          acked.set(response.body.id, {
            orderId: response.body.id,
            userId: user.id,
            lines: [{ product: productId, qty, price: PRICE }],
            itemsPrice,
            shippingPrice,
            totalPrice: itemsPrice + shippingPrice,
          });
        }
        return response.status;
      },
      async () => {
        if (acked.size === 0) return 0;
        const order = pick([...acked.values()]);
        return (
          await api('PUT', `/api/admin/orders/${order.orderId}/status`, {
            token: admin,
            body: { status: pick(STATUSES) },
          })
        ).status;
      },
      async () =>
        (
          await api('POST', '/api/reviews', {
            token: pick(users).token,
            body: { productId: pick(productIds), rating: 1 + Math.floor(Math.random() * 5), comment: 'soak' },
          })
        ).status,
      register,
    ];
    const weights = options.load === 'orders' ? [0] : [0, 0, 0, 0, 1, 1, 2, 3];
    // While the shop is down, workers wait for it instead of spending the request budget on refusals.
    let restarted: Promise<void> = Promise.resolve();
    const worker = async () => {
      while (counts.sent < options.requests) {
        counts.sent += 1;
        try {
          const status = await operations[pick(weights)]!();
          if (status >= 200 && status < 300) counts.acknowledged += 1;
        } catch {
          counts.failed += 1;
          await restarted;
        }
      }
    };
    const killer = async () => {
      const slice = options.requests / (options.kills + 1);
      for (let k = 0; k < options.kills; k++) {
        const at = Math.floor(slice * (k + 0.5) + Math.random() * slice);
        while (counts.sent < at) await new Promise((resolve) => setTimeout(resolve, 5));
        let up = () => {};
        restarted = new Promise<void>((resolve) => {
          up = resolve;
        });
        try {
          await shop.kill('SIGKILL');
          counts.kills += 1;
          log(`kill ${counts.kills} after ${counts.sent} requests; restarting`);
          await shop.start();
        } finally {
          up();
        }
      }
    };
    await Promise.all([killer(), ...Array.from({ length: options.concurrency }, worker)]);
    await shop.kill('SIGTERM');

    // Then: every promise holds, checked in-process on the stopped shop's data.
    const findings = await verifyAfterSoak({ dataDir, acked, productIds, initialStock, registered });
    return {
      requestsSent: counts.sent,
      orderAnswers,
      acknowledged: counts.acknowledged,
      failedInFlight: counts.failed,
      kills: counts.kills,
      ordersAcknowledged: acked.size,
      ordersVerified: acked.size - findings.ordersMissing.length - findings.orderMismatches.length,
      ...findings,
    };
  } catch (error) {
    log(`shop output:\n${shop.recentOutput()}`);
    throw error;
  } finally {
    await shop.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** True when the soak proved what it must: nothing acknowledged lost, no drift, no orphans. */
export function soakPassed(report: SoakReport, minimumKills = 3): boolean {
  return (
    report.kills >= minimumKills &&
    report.ordersMissing.length === 0 &&
    report.orderMismatches.length === 0 &&
    report.stockDrift.length === 0 &&
    report.orphanReservationsLeft === 0 &&
    report.registrationsMissing === 0 &&
    report.readModelTablesDiffering.length === 0
  );
}

export function formatReport(report: SoakReport): string {
  return [
    `requests sent ${report.requestsSent}, acknowledged ${report.acknowledged}, failed in flight ${report.failedInFlight}`,
    `kills ${report.kills}; checkouts answered ${JSON.stringify(report.orderAnswers)}`,
    `orders acknowledged ${report.ordersAcknowledged}, verified ${report.ordersVerified}, missing ${report.ordersMissing.length}, mismatched ${report.orderMismatches.length}`,
    `stock drift ${report.stockDrift.length} product(s) ${JSON.stringify(report.stockDrift)}`,
    `orphan reservations released by the sweep ${report.orphansReleasedBySweep}, left ${report.orphanReservationsLeft}`,
    `registrations missing ${report.registrationsMissing}`,
    `read-model tables differing from a rebuild: ${report.readModelTablesDiffering.join(', ') || 'none'}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await runCrashSoak({
    requests: Number(process.env.SOAK_REQUESTS ?? 3000),
    kills: Number(process.env.SOAK_KILLS ?? 5),
    concurrency: Number(process.env.SOAK_CONCURRENCY ?? 16),
    durability: process.env.SOAK_DURABILITY === 'relaxed' ? 'relaxed' : 'durable',
    log: (line) => console.log(line),
  });
  console.log(formatReport(report));
  const passed = soakPassed(report);
  console.log(passed ? 'crash soak passed' : 'crash soak FAILED');
  process.exitCode = passed ? 0 : 1;
}
