import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { generateEventLog } from '@shop/services/test-support/event-log-generator';
import { ensureBuiltServer, freePort, ShopProcess } from '@shop/services/test-support/shop-process';
import autocannon from 'autocannon';
import type { BenchResult } from './measure';
import { orderBodies } from './order-bodies';

const PRODUCTS = 10_000;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const ADMIN = { email: 'bench-admin@example.pk', password: 'bench admin password' };

export interface Run {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

/** Loads one call with autocannon (CONNECTIONS connections for SECONDS) and prints its figures. */
export async function load(name: string, options: autocannon.Options): Promise<Run> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  const run = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: failed,
  };
  console.log(
    `  ${name.padEnd(28)} ${run.rps.toFixed(0).padStart(7)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ${run.requests} requests, ${failed} not 2xx`,
  );
  return run;
}

/**
 * The real built server on a temp DATA_DIR seeded with 10,000 products, loaded by autocannon (32
 * connections, SECONDS each) on GET /health/live (the baseline), the shopping page's catalogue query, a
 * product's JSON, its page's HTML (head tags rendered from the read model, as a link-preview crawler
 * fetches it), the signed-in profile, placing orders and the admin metrics; plus append-to-visible of the orders placed.
 */
export async function runHttpBench(): Promise<BenchResult[]> {
  ensureBuiltServer();
  // The product page's HTML is the built index.html with the page's head tags: the server needs it.
  if (!existsSync(fileURLToPath(new URL('../web/dist/index.html', import.meta.url)))) {
    throw new Error('The web app is not built: run `npm run build` before the benchmarks.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-http-'));
  // Products are appended straight into the store the server will open, before it starts.
  const { productIds } = generateEventLog(join(dataDir, 'events.sqlite'), PRODUCTS, {
    products: PRODUCTS,
    users: 0,
  });
  const shop = new ShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-signing-secret-of-32-characters-or-more',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  try {
    await shop.start(120_000);
    const url = shop.baseUrl;
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { token: string };
    };
    // The admin account may be created just after the ready route answers: retry the login briefly.
    let admin = '';
    for (let attempt = 0; !admin; attempt += 1) {
      admin = await post('/api/auth/login', ADMIN).then(
        (r) => r.token,
        (error) => {
          if (attempt >= 50) throw error;
          return new Promise<string>((resolve) => setTimeout(() => resolve(''), 200));
        },
      );
    }
    const shopper = (
      await post('/api/auth/register', {
        name: 'Bench Shopper',
        email: `bench-${randomUUID()}@example.pk`,
        contact: '0300-1234567',
        password: 'bench shopper password',
      })
    ).token;
    const product = (i: number) => productIds[i % productIds.length]!;
    const prices = new Map<string, number>();
    // Prices as the product page shows them (major units); the order body must match the server's pricing.
    for (let i = 0; i < 50; i += 1) {
      const response = await fetch(`${url}/api/products/${product(i * 197)}`);
      if (!response.ok) throw new Error(`GET /api/products/${product(i * 197)}: ${response.status}`);
      prices.set(product(i * 197), ((await response.json()) as { price: number }).price);
    }
    const orderBody = orderBodies(prices, (n) => 1 + (n % 3));

    // One order by hand first, so a mistake in the body fails loudly with the server's answer.
    const first = await fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${shopper}`,
        'idempotency-key': randomUUID(),
      },
      body: orderBody(),
    });
    if (!first.ok) throw new Error(`POST /api/orders: ${first.status} ${await first.text()}`);

    const health = await load('GET /health/live', { url: `${url}/health/live` });
    let p = 0;
    // One GET per request, each for the next product in a stride through all of them.
    const productByProduct = (path: (id: string) => string): autocannon.Request[] => [
      {
        method: 'GET',
        setupRequest: (req) => {
          p += 7919;
          return { ...req, path: path(product(p)) };
        },
      },
    ];
    const catalogue = await load('GET /api/catalogue', {
      url: `${url}/api/catalogue?category=Tops&size=MD&sort=price-asc&limit=12`,
    });
    const productPage = await load('GET /api/products/{id}', {
      url,
      requests: productByProduct((id) => `/api/products/${id}`),
    });
    const productHtml = await load('GET /product/{id} (HTML page)', {
      url,
      headers: { accept: '*/*' },
      requests: productByProduct((id) => `/product/${id}`),
    });
    // An authenticated read: token checked (verified-token cache), caller and session looked up.
    const profile = await load('GET /api/users/profile', {
      url: `${url}/api/users/profile`,
      headers: { authorization: `Bearer ${shopper}` },
    });
    const monitor = new Worker(new URL('./visibility-monitor.mjs', import.meta.url), {
      workerData: {
        eventsPath: join(dataDir, 'events.sqlite'),
        readModelsPath: join(dataDir, 'read-models.sqlite'),
      },
    });
    const orders = await load('POST /api/orders', {
      url,
      requests: [
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${shopper}`,
              'idempotency-key': randomUUID(),
            },
            body: orderBody(),
          }),
        },
      ],
    });
    const visibility = await new Promise<{ latencies: number[]; unseen: number }>((resolve) => {
      monitor.once('message', resolve);
      monitor.postMessage('stop');
    });
    await monitor.terminate();
    const metrics = await load('GET /api/admin/metrics', {
      url: `${url}/api/admin/metrics`,
      headers: { authorization: `Bearer ${admin}` },
    });

    const sorted = visibility.latencies.sort((a, b) => a - b);
    const pct = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    console.log(
      `  append-to-visible of ${sorted.length} orders: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${sorted.at(-1)} ms (${visibility.unseen} never seen visible)`,
    );
    const rows: BenchResult[] = [];
    for (const run of [catalogue, productPage, productHtml, profile, orders, metrics]) {
      const label = `GET /health/live, same server, same run${run.non2xx > 0 ? ` — ${run.non2xx} of ${run.requests} not 2xx` : ', all 2xx'}`;
      rows.push(
        {
          name: `${run.name} requests/s`,
          unit: 'req/s',
          ours: run.rps,
          baseline: health.rps,
          baselineLabel: label,
        },
        // Latency: lower is better, so the ratio printed is baseline/ours-style inverted by swapping.
        {
          name: `${run.name} p50 latency (health p50 / ours)`,
          unit: 'ms',
          ours: health.p50,
          baseline: run.p50,
          baselineLabel: `ours ${run.p50} ms, health ${health.p50} ms`,
        },
        {
          name: `${run.name} p99 latency (health p99 / ours)`,
          unit: 'ms',
          ours: health.p99,
          baseline: run.p99,
          baselineLabel: `ours ${run.p99} ms, health ${health.p99} ms`,
        },
      );
    }
    rows.push(
      {
        name: 'product page HTML requests/s vs the product JSON',
        unit: 'req/s',
        ours: productHtml.rps,
        baseline: productPage.rps,
        baselineLabel: `GET /api/products/{id}, same products, same run${productHtml.non2xx > 0 ? ` — ${productHtml.non2xx} HTML answers not 2xx` : ''}`,
      },
      {
        name: 'append-to-visible p50 during order load',
        unit: 'ms',
        ours: pct(0.5),
        baseline: 50,
        baselineLabel: `the 50 ms p99 target; ${sorted.length} orders, polled every 1 ms`,
      },
      {
        name: 'append-to-visible p99 during order load',
        unit: 'ms',
        ours: pct(0.99),
        baseline: 50,
        baselineLabel: 'the 50 ms p99 target (ratio < 1 is within)',
      },
    );
    return rows;
  } finally {
    await shop.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
