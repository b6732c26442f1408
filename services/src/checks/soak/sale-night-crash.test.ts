import { beforeAll, expect, it } from 'vitest';
import { ensureBuiltServer } from '../../test-support/shop-process';
import { formatReport, runCrashSoak } from './crash-soak';

// Sale night under SIGKILL: 32 buyers at a time checking out one product, so every commit groups
// the appends of many orders (claims, references, the order itself) while the product's
// reservations take turns; the shop is killed three times mid-stream and restarted.
beforeAll(() => ensureBuiltServer(), 180_000);

it('loses no acknowledged order and leaves no stock drift after the sweep, killed during grouped commits', async () => {
  const report = await runCrashSoak({
    requests: 320,
    kills: 3,
    concurrency: 32,
    durability: 'durable',
    products: 1,
    stockPerProduct: 400,
    load: 'orders',
  });
  console.log(formatReport(report));
  expect(report.kills).toBeGreaterThanOrEqual(3);
  expect(report.ordersAcknowledged).toBeGreaterThan(0);
  expect(report.ordersMissing).toEqual([]);
  expect(report.orderMismatches).toEqual([]);
  expect(report.ordersVerified).toBe(report.ordersAcknowledged);
  expect(report.stockDrift).toEqual([]);
  expect(report.orphanReservationsLeft).toBe(0);
  expect(report.readModelTablesDiffering).toEqual([]);
  // Whatever was answered, was answered honestly: placed, or a real shortage.
  const answered = Object.keys(report.orderAnswers).filter((answer) => answer !== '201');
  expect(answered.filter((answer) => answer !== '409 OUT_OF_STOCK')).toEqual([]);
}, 240_000);
