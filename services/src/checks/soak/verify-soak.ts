import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  allOrders,
  findCustomer,
  findProduct,
  listSweepableReservations,
  orderDetails,
} from '@shop/projections';
import { backupEventStore, restoreEventStore } from '../../operations/backup/backup';
import { readModelTables } from '../../operations/backup/read-model-tables';
import { openShop } from '../../shop';
import { RESERVATION_GRACE_MS, sweepOrphanedReservations } from '../../slices/orders/reservation-sweep';

/** An order the shop answered 2xx, as the client sent and saw it. */
export interface AckedOrder {
  orderId: string;
  userId: string;
  lines: { product: string; qty: number; price: number }[];
  itemsPrice: number;
  shippingPrice: number;
  totalPrice: number;
}

export interface SoakFindings {
  ordersMissing: string[];
  orderMismatches: string[];
  stockDrift: { productId: string; expected: number; actual: number }[];
  orphansReleasedBySweep: number;
  orphanReservationsLeft: number;
  registrationsMissing: number;
  readModelTablesDiffering: string[];
}

/**
 * After the last crash: opens the stopped shop's DATA_DIR in-process, runs the reservation sweep as
 * it would run once its grace period has passed, and checks every promise the soak makes.
 */
export async function verifyAfterSoak(run: {
  dataDir: string;
  acked: ReadonlyMap<string, AckedOrder>;
  productIds: readonly string[];
  initialStock: number;
  registered: readonly string[];
}): Promise<SoakFindings> {
  const { dataDir, acked, productIds, initialStock, registered } = run;
  const later = () => new Date(Date.now() + RESERVATION_GRACE_MS + 60_000);
  const opened = await openShop({
    dataDir,
    durability: 'relaxed',
    signingSecret: 'unused-here',
    clock: later,
  });
  try {
    const { readModels, projections: runner, store } = opened.deps;
    await runner.waitForPosition(await store.headPosition(), 30_000);
    const orphansReleasedBySweep = await sweepOrphanedReservations(opened.deps);
    await runner.waitForPosition(await store.headPosition(), 30_000);

    const ordersMissing: string[] = [];
    const orderMismatches: string[] = [];
    for (const expected of acked.values()) {
      const order = orderDetails(readModels, { id: expected.orderId });
      if (!order) {
        ordersMissing.push(expected.orderId);
        continue;
      }
      const lines = order.orderItems.map((item) => ({
        product: item.product,
        qty: item.qty,
        price: item.price,
      }));
      const same =
        order.userId === expected.userId &&
        JSON.stringify(lines) === JSON.stringify(expected.lines) &&
        order.itemsPrice === expected.itemsPrice &&
        order.shippingPrice === expected.shippingPrice &&
        order.totalPrice === expected.totalPrice;
      if (!same) orderMismatches.push(expected.orderId);
    }

    const held = new Map<string, number>();
    for (const order of allOrders(readModels)) {
      if (order.status === 'Cancelled') continue;
      for (const item of order.orderItems) held.set(item.product, (held.get(item.product) ?? 0) + item.qty);
    }
    const stockDrift = productIds.flatMap((productId) => {
      const expected = initialStock - (held.get(productId) ?? 0);
      const actual = findProduct(readModels, { id: productId })?.countInStock ?? Number.NaN;
      return actual === expected ? [] : [{ productId, expected, actual }];
    });
    const orphanReservationsLeft = listSweepableReservations(readModels, {
      before: new Date(Date.now() + 365 * 24 * 3600_000).toISOString(),
    }).length;
    const registrationsMissing = registered.filter((id) => !findCustomer(readModels, { id })).length;

    // Every read model equals a rebuild from the log: restore the log into a fresh folder.
    const rebuildDir = mkdtempSync(join(tmpdir(), 'shop-soak-rebuild-'));
    let readModelTablesDiffering: string[];
    try {
      const backup = await backupEventStore({ dataDir, to: join(rebuildDir, 'log.sqlite') });
      await restoreEventStore({ file: backup.file, dataDir: join(rebuildDir, 'data') });
      const rebuilt = await openShop({
        dataDir: join(rebuildDir, 'data'),
        durability: 'relaxed',
        signingSecret: 'unused-here',
        clock: later,
      });
      await rebuilt.deps.projections.waitForPosition(await rebuilt.deps.store.headPosition(), 30_000);
      await rebuilt.close();
      const live = readModelTables(dataDir);
      const fromLog = readModelTables(join(rebuildDir, 'data'));
      readModelTablesDiffering = [...new Set([...Object.keys(live), ...Object.keys(fromLog)])].filter(
        (table) => JSON.stringify(live[table]) !== JSON.stringify(fromLog[table]),
      );
    } finally {
      rmSync(rebuildDir, { recursive: true, force: true });
    }

    return {
      ordersMissing,
      orderMismatches,
      stockDrift,
      orphansReleasedBySweep,
      orphanReservationsLeft,
      registrationsMissing,
      readModelTablesDiffering,
    };
  } finally {
    await opened.close();
  }
}
