import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@shop/contracts';
import { copyCommand } from '@shop/services/operations/cli/copy-events';
import { capturedIo } from '@shop/services/operations/cli/test-io';
import { openPostgresEventStore } from '@shop/services/platform/eventstore/postgres/postgres-event-store';
import { openSqliteEventStore } from '@shop/services/platform/eventstore/sqlite/sqlite-event-store';
import { compareTables, copiedReadModels } from '@shop/services/test-support/copied-read-models';
import { generateEventLog } from '@shop/services/test-support/event-log-generator';
import { createDatabase, startPrivatePostgres } from '@shop/services/test-support/private-postgres';
import { ensureBuiltServer, freePort, ShopProcess } from '@shop/services/test-support/shop-process';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { BenchResult } from './measure';
import { orderBodies } from './order-bodies';

/**
 * By default a cut of the other benches' 1,000,000-event log (the same generator, 5,000 shoppers
 * instead of 20,000 so that a twentieth of it still holds mostly orders), so that a run takes minutes.
 * `BENCH_PG_EVENTS=full` moves the other benches' log itself: 1,000,000 events, 20,000 shoppers (the
 * copy's rate is in bench/results/postgres.md, and three instances then catch up on a million events
 * each).
 */
const FULL_LOG = process.env.BENCH_PG_EVENTS === 'full';
const EVENTS = FULL_LOG ? 1_000_000 : Number(process.env.BENCH_PG_EVENTS ?? 50_000);
const LOG_SHAPE = FULL_LOG ? {} : { products: 2_000, users: 5_000 };
/** How long a shop may take to start, its catch-up on the log included. */
const START_TIMEOUT_MS = FULL_LOG ? 1_800_000 : 300_000;
const CONNECTIONS = 30;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const LATENCY_ORDERS = 200;
const SECRET = 'bench-signing-secret-of-32-characters-or-more';

type Api = <T>(shop: ShopProcess, path: string, body?: unknown, token?: string) => Promise<T>;

const api: Api = async (shop, path, body, token) => {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as never;
};

/** A new buyer's token, once every instance in `shops` knows them. */
async function buyerOn(shops: ShopProcess[]): Promise<string> {
  const { token } = await api<{ token: string }>(shops[0]!, '/api/auth/register', {
    name: 'Bench Shopper',
    email: `bench-${randomUUID()}@example.pk`,
    contact: '0300-1234567',
    password: 'bench shopper password',
  });
  for (const shop of shops) {
    for (let tries = 0; ; tries += 1) {
      const known = await fetch(`${shop.baseUrl}/api/orders/myorders`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (known.ok) break;
      if (tries > 200) throw new Error('the buyer never reached every instance');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return token;
}

interface Load {
  /** Acknowledged (2xx) orders per second. */
  rate: number;
  /** What was not acknowledged, e.g. `3 of 64 not acknowledged: 2 timeouts, 1 × 503`; '' when none. */
  failures: string;
}

/**
 * Acknowledged orders per second over all `shops` at once, CONNECTIONS split between them, and what
 * failed (timeouts after autocannon's 10 s, errors, answers by status): on a machine this loaded a
 * timeout is a figure to show, not a reason to show none.
 */
async function orderLoad(shops: ShopProcess[], token: string, body: () => string): Promise<Load> {
  const results = await Promise.all(
    shops.map((shop) =>
      autocannon({
        url: shop.baseUrl,
        connections: Math.round(CONNECTIONS / shops.length),
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            path: '/api/orders',
            setupRequest: (req) => ({
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${token}`,
                'idempotency-key': randomUUID(),
              },
              body: body(),
            }),
          },
        ],
      }),
    ),
  );
  const sum = (of: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + of(r), 0);
  const failed = sum((r) => r.non2xx + r.errors);
  const statuses = new Map<string, number>();
  for (const r of results) {
    for (const [code, { count = 0 }] of Object.entries(r.statusCodeStats ?? {})) {
      if (!code.startsWith('2')) statuses.set(code, (statuses.get(code) ?? 0) + count);
    }
  }
  const kinds = [
    ...(sum((r) => r.timeouts) > 0 ? [`${sum((r) => r.timeouts)} timeouts`] : []),
    ...(sum((r) => r.errors - r.timeouts) > 0 ? [`${sum((r) => r.errors - r.timeouts)} errors`] : []),
    ...[...statuses].map(([code, count]) => `${count} × ${code}`),
  ];
  return {
    rate: sum((r) => r.requests.average * (1 - (r.non2xx + r.errors) / Math.max(1, r.requests.total))),
    failures:
      failed > 0 ? `${failed} of ${sum((r) => r.requests.total)} not acknowledged: ${kinds.join(', ')}` : '',
  };
}

/**
 * The shop on PostgreSQL: the bench's generated log moved into a private PostgreSQL (fsync on) by
 * `npm run events -- copy --to postgres`, then orders/s through one and through three real shop
 * instances on it, each as a ratio to the SQLite store in the same run (same log, same load: 30
 * connections of autocannon placing one-unit orders), and the time from an order's append on one
 * instance to its visibility in another instance's read models (p50, p99). Before any order, the
 * read models rebuilt from PostgreSQL are compared with those rebuilt from SQLite, row for row.
 */
export async function runPostgresBench(): Promise<BenchResult[]> {
  ensureBuiltServer();
  const folder = mkdtempSync(join(tmpdir(), 'shop-bench-pg-'));
  const server = await startPrivatePostgres();
  const shops: ShopProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const shop = new ShopProcess({
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      JWT_SECRET: SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    });
    shops.push(shop);
    await shop.start(START_TIMEOUT_MS);
    return shop;
  };
  try {
    const sqliteDir = join(folder, 'sqlite');
    mkdirSync(sqliteDir);
    const { productIds, events } = generateEventLog(join(sqliteDir, 'events.sqlite'), EVENTS, LOG_SHAPE);
    const postgresUrl = await createDatabase(server.url, 'bench');
    const io = capturedIo({ DATA_DIR: sqliteDir, POSTGRES_URL: postgresUrl });
    const copyStarted = performance.now();
    if ((await copyCommand(['--to', 'postgres'], io)) !== 0) throw new Error(io.stderr());
    const copySeconds = (performance.now() - copyStarted) / 1_000;
    console.log(`  copied ${events} events into PostgreSQL in ${copySeconds.toFixed(1)} s`);

    const onSqlite = await start({ DATA_DIR: sqliteDir });
    const prices = new Map<string, number>();
    for (let i = 0; i < 50; i += 1) {
      const id = productIds[(i * 197) % productIds.length]!;
      prices.set(id, (await api<{ price: number }>(onSqlite, `/api/products/${id}`)).price);
    }
    const body = orderBodies(prices);
    const postgresEnv = (name: string) => ({
      DATA_DIR: join(folder, name),
      EVENT_STORE: 'postgres',
      POSTGRES_URL: postgresUrl,
    });
    const rebuildStarted = performance.now();
    const onPostgres = await Promise.all(['pg-1', 'pg-2', 'pg-3'].map((name) => start(postgresEnv(name))));
    console.log(
      `  three instances rebuilt their read models from PostgreSQL in ${((performance.now() - rebuildStarted) / 1_000).toFixed(1)} s`,
    );
    // Ready allows a lag of 100 events: the two compared must have applied the whole log.
    await Promise.all([caughtUp(onSqlite), caughtUp(onPostgres[0]!)]);
    const equality = await rebuildEquality(sqliteDir, join(folder, 'pg-1'), postgresUrl);
    console.log(
      `  read models rebuilt from PostgreSQL vs from SQLite: ${equality.equalRows} of ${equality.rows} rows in equal tables; differing: ${equality.differing.join(', ') || 'none'}`,
    );

    const onSqliteLoad = await orderLoad([onSqlite], await buyerOn([onSqlite]), body);
    await onSqlite.kill('SIGTERM');
    const buyer = await buyerOn(onPostgres);
    const one = await orderLoad(onPostgres.slice(0, 1), buyer, body);
    const three = await orderLoad(onPostgres, buyer, body);
    const sqliteRate = onSqliteLoad.rate;
    const failures = (load: Load) => (load.failures ? `; ${load.failures}` : '');
    console.log(
      `  orders/s: SQLite ${sqliteRate.toFixed(0)}${failures(onSqliteLoad)}, PostgreSQL one instance ${one.rate.toFixed(0)}${failures(one)}, three ${three.rate.toFixed(0)}${failures(three)}`,
    );

    const latencies = await visibilityOnAnother(
      onPostgres[0]!,
      join(folder, 'pg-2'),
      postgresUrl,
      buyer,
      body,
    );
    const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    console.log(`  append-to-visible on another instance: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`);

    return [
      {
        name: 'orders/s, one instance on PostgreSQL',
        unit: 'orders/s',
        ours: one.rate,
        baseline: sqliteRate,
        baselineLabel: `one instance on SQLite (durable), same log, same ${CONNECTIONS} connections${failures(onSqliteLoad)}; PostgreSQL${failures(one) || ': every order acknowledged'}`,
      },
      {
        name: 'orders/s, three instances on one PostgreSQL',
        unit: 'orders/s',
        ours: three.rate,
        baseline: sqliteRate,
        baselineLabel: `one instance on SQLite (durable); ${CONNECTIONS / 3} connections to each instance${failures(three) || '; every order acknowledged'}`,
      },
      {
        name: 'append-to-visible on another instance p50',
        unit: 'ms',
        ours: pct(0.5),
        baseline: 1_000,
        baselineLabel: `the 1 s catch-up promise; ${latencies.length} orders placed one at a time, polled every 1 ms`,
      },
      {
        name: 'append-to-visible on another instance p99',
        unit: 'ms',
        ours: pct(0.99),
        baseline: 1_000,
        baselineLabel: 'the 1 s catch-up promise (ratio < 1 is within)',
      },
      {
        name: 'read-model rows rebuilt from PostgreSQL equal to SQLite',
        unit: 'rows',
        ours: equality.equalRows,
        baseline: equality.rows,
        baselineLabel: `every row of the ${equality.tables} tables rebuilt from the SQLite log; tables that differ: ${equality.differing.join(', ') || 'none'}`,
      },
      {
        name: 'copy --to postgres (the bench log)',
        unit: 'events/s',
        ours: events / copySeconds,
        baseline: events / copySeconds,
        baselineLabel: `${events} events in ${copySeconds.toFixed(1)} s; shown for the record`,
      },
    ];
  } finally {
    await Promise.all(shops.map((shop) => shop.kill('SIGTERM')));
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Waits until every read model of `shop` has applied every event of the log (its lag is 0). */
async function caughtUp(shop: ShopProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(`${shop.baseUrl}/health/ready`);
    const { projectors } = (await response.json()) as { projectors: { lagEvents: number }[] };
    if (response.ok && projectors.every((projector) => projector.lagEvents === 0)) return;
    if (Date.now() > deadline) throw new Error(`${shop.baseUrl} never caught up with the log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Every read model a shop rebuilt from the SQLite log (in `sqliteDir`) against those a shop rebuilt
 * from its copy in PostgreSQL (in `copyDir`), before either took an order, compared as the copy test
 * compares them (copy-events.test.ts).
 */
async function rebuildEquality(sqliteDir: string, copyDir: string, postgresUrl: string) {
  const sqlite = openSqliteEventStore({ path: join(sqliteDir, 'events.sqlite') });
  const copy = openPostgresEventStore({ connectionString: postgresUrl });
  try {
    const [source, copied] = await Promise.all([sqlite.readAll(), copy.readAll()]);
    if (copied.length !== source.length)
      throw new Error(`copied ${copied.length} of ${source.length} events`);
    const { fromSqlite, fromCopy } = copiedReadModels(sqliteDir, source, copyDir, copied);
    return compareTables(fromSqlite, fromCopy);
  } finally {
    await Promise.all([sqlite.close(), copy.close()]);
  }
}

/**
 * Orders placed one at a time on `writer`; for each, the time from its append (the event's stored_at,
 * PostgreSQL's clock on this machine) to the moment another instance's read models hold it (its
 * read-models.sqlite, polled read-only every 1 ms). Sorted, in ms.
 */
async function visibilityOnAnother(
  writer: ShopProcess,
  otherDataDir: string,
  postgresUrl: string,
  token: string,
  body: () => string,
): Promise<number[]> {
  const readModels = new Database(join(otherDataDir, 'read-models.sqlite'), { readonly: true });
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const holds = readModels.prepare('SELECT 1 FROM orders WHERE id = ?');
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_ORDERS; i += 1) {
      const order = await api<{ id: string }>(writer, '/api/orders', JSON.parse(body()), token);
      while (!holds.get(order.id)) await new Promise((resolve) => setTimeout(resolve, 1));
      const seenAt = Date.now();
      const { rows } = await client.query<{ stored_at: string }>(
        "SELECT stored_at FROM events WHERE stream = $1 AND type = 'OrderPlaced'",
        [streams.order(order.id)],
      );
      latencies.push(seenAt - Number(rows[0]!.stored_at));
    }
    return latencies.sort((a, b) => a - b);
  } finally {
    readModels.close();
    await client.end();
  }
}
