import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order, Page } from '@shop/contracts';
import { generateEventLog } from '@shop/services/test-support/event-log-generator';
import { ensureBuiltServer, freePort, ShopProcess } from '@shop/services/test-support/shop-process';
import { load, type Run } from './http.bench';
import type { BenchResult } from './measure';

const EVENTS = Number(process.env.BENCH_ADMIN_EVENTS ?? 1_000_000);
const ADMIN = { email: 'bench-admin@example.pk', password: 'bench admin password' };
/** Catching up a million events on a shared 2-core machine takes minutes. */
const START_TIMEOUT_MS = 20 * 60_000;

/** A figure of the server's /proc/<pid>/status in MB: `VmRSS` now, `VmHWM` its peak since start. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return kb / 1_024;
}

/**
 * Reads a whole answer as a slow-enough client would (chunk by chunk, nothing kept), sampling the
 * server's resident memory every 20 ms meanwhile.
 */
async function download(pid: number, url: string, token: string) {
  const before = memoryMb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`GET ${url}: ${response.status}`);
    for await (const chunk of response.body) bytes += chunk.byteLength;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
  return { seconds: (performance.now() - started) / 1_000, bytes, before, peak };
}

/**
 * Issue 19's scenario on the bench's 1,000,000-event log (~179,000 orders, 20,000 customers): the real
 * built server catches up on it, then, in the same run, autocannon loads the first page of the admin's
 * orders, an order search by phone (written another way than stored) and the customers pages, each
 * right after a product read (its baseline, so both meet the same shared machine); then the full streamed `GET /api/orders` and the CSV export are downloaded once
 * each while the server's resident memory is sampled.
 */
export async function runAdminListsBench(): Promise<BenchResult[]> {
  ensureBuiltServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-admin-'));
  const generatedAt = performance.now();
  const log = generateEventLog(join(dataDir, 'events.sqlite'), EVENTS);
  console.log(
    `  generated ${log.events.toLocaleString('en-US')} events (${log.orders.toLocaleString('en-US')} orders) in ${((performance.now() - generatedAt) / 1_000).toFixed(1)} s`,
  );
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
    const startedAt = performance.now();
    await shop.start(START_TIMEOUT_MS);
    const pid = shop.pid;
    if (pid === undefined) throw new Error('the server has no process id');
    console.log(
      `  server caught up in ${((performance.now() - startedAt) / 1_000).toFixed(1)} s, peak RSS so far ${memoryMb(pid, 'VmHWM').toFixed(0)} MB, now ${memoryMb(pid, 'VmRSS').toFixed(0)} MB`,
    );
    const url = shop.baseUrl;
    let admin = '';
    for (let attempt = 0; !admin; attempt += 1) {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (response.ok) admin = ((await response.json()) as { token: string }).token;
      else if (attempt >= 50) throw new Error(`login: ${response.status}`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const auth = { authorization: `Bearer ${admin}` };
    const get = async <T>(path: string) => {
      const response = await fetch(`${url}${path}`, { headers: auth });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    // A buyer's number as the generator stored it (`0300-1000123`), searched the way a caller says it.
    const sample = await get<Page<Order>>('/api/admin/lists/orders?limit=1&sort=oldest');
    const stored = sample.items[0]?.shippingAddress.phone ?? '';
    const spoken = `+92 ${stored.slice(1, 4)} ${stored.slice(5)}`;
    const found = await get<Page<Order>>(`/api/admin/lists/orders?search=${encodeURIComponent(spoken)}`);
    console.log(
      `  ${sample.total.toLocaleString('en-US')} orders; "${spoken}" finds ${found.total} (stored as ${stored})`,
    );
    if (found.total === 0) throw new Error(`the phone search found nothing for ${spoken}`);

    // The whole scenario's peak, sampled as the downloads are.
    let scenarioPeak = memoryMb(pid, 'VmRSS');
    const watch = setInterval(() => {
      scenarioPeak = Math.max(scenarioPeak, memoryMb(pid, 'VmRSS'));
    }, 50);
    let p = 0;
    /** A product read: the baseline, loaded right before each list so both meet the same machine. */
    const productRead = () =>
      load('GET /api/products/{id}', {
        url,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              p += 7919;
              return { ...req, path: `/api/products/${log.productIds[p % log.productIds.length]}` };
            },
          },
        ],
      });
    const listCalls: [name: string, path: string][] = [
      ['orders, first page', '/api/admin/lists/orders'],
      ['orders, search by phone', `/api/admin/lists/orders?search=${encodeURIComponent(spoken)}`],
      ['customers, first page', '/api/admin/lists/customers'],
      ['customers, most spent', '/api/admin/lists/customers?sort=spent'],
    ];
    const lists: { product: Run; list: Run }[] = [];
    for (const [name, path] of listCalls) {
      const product = await productRead();
      lists.push({ product, list: await load(name, { url: `${url}${path}`, headers: auth }) });
    }

    const full = await download(pid, `${url}/api/orders`, admin);
    const csv = await download(pid, `${url}/api/admin/lists/orders.csv`, admin);
    clearInterval(watch);
    scenarioPeak = Math.max(scenarioPeak, full.peak, csv.peak);
    const peakEver = memoryMb(pid, 'VmHWM');
    for (const [name, run] of [
      ['GET /api/orders (streamed)', full],
      ['orders CSV export (streamed)', csv],
    ] as const) {
      console.log(
        `  ${name.padEnd(28)} ${(run.bytes / 1e6).toFixed(0)} MB in ${run.seconds.toFixed(1)} s; RSS ${run.before.toFixed(0)} -> peak ${run.peak.toFixed(0)} MB`,
      );
    }
    console.log(
      `  server peak RSS during the scenario ${scenarioPeak.toFixed(0)} MB; since start (catch-up included) ${peakEver.toFixed(0)} MB`,
    );

    const rows: BenchResult[] = lists.map(({ product, list }) => ({
      name: `${list.name} p99 (product read p99 / ours)`,
      unit: 'ms',
      ours: product.p99,
      baseline: list.p99,
      baselineLabel: `ours ${list.p99} ms (p50 ${list.p50}), product read just before ${product.p99} ms (p50 ${product.p50}); target ratio ≥ 0.333 (p99 ≤ 3×)${list.non2xx > 0 ? ` — ${list.non2xx} of ${list.requests} not 2xx` : ''}`,
    }));
    for (const [name, run] of [
      ['GET /api/orders streamed', full],
      ['orders CSV export', csv],
    ] as const) {
      rows.push({
        name: `${name}: RSS rise (lower is better)`,
        unit: 'MB',
        ours: run.peak - run.before,
        baseline: 300,
        baselineLabel: `the 300 MB budget; ${(run.bytes / 1e6).toFixed(0)} MB in ${run.seconds.toFixed(1)} s, RSS ${run.before.toFixed(0)} -> ${run.peak.toFixed(0)} MB`,
      });
    }
    rows.push({
      name: 'server peak RSS during the scenario (lower is better)',
      unit: 'MB',
      ours: scenarioPeak,
      baseline: 600,
      baselineLabel: `the 600 MB budget; peak since start, the catch-up of ${log.events.toLocaleString('en-US')} events included: ${peakEver.toFixed(0)} MB`,
    });
    return rows;
  } finally {
    await shop.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
