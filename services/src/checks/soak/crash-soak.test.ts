import { beforeAll, expect, it } from 'vitest';
import { ensureBuiltServer } from '../../test-support/shop-process';
import { formatReport, runCrashSoak } from './crash-soak';

// The CI-sized crash soak; `npm run soak` runs the full size.
beforeAll(() => ensureBuiltServer(), 180_000);

it('loses no acknowledged order, drifts no stock and leaves no orphan across three SIGKILLs', async () => {
  const report = await runCrashSoak({ requests: 240, kills: 3, concurrency: 6, durability: 'durable' });
  console.log(formatReport(report));
  expect(report.kills).toBeGreaterThanOrEqual(3);
  expect(report.ordersAcknowledged).toBeGreaterThan(0);
  expect(report.ordersMissing).toEqual([]);
  expect(report.orderMismatches).toEqual([]);
  expect(report.ordersVerified).toBe(report.ordersAcknowledged);
  expect(report.stockDrift).toEqual([]);
  expect(report.orphanReservationsLeft).toBe(0);
  expect(report.registrationsMissing).toBe(0);
  expect(report.readModelTablesDiffering).toEqual([]);
}, 180_000);
