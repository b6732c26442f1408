import { readdirSync } from 'node:fs';
import type { EventStore } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { ReadModelsDb } from '../db/database';
import { useProjectionFixture } from '../test-support/projection-fixture';
import { aBalancesProjector, aLedgerProjector, appendTestEvents, rowsOf } from '../test-support/test-tables';

const fixture = useProjectionFixture();

const projectors = () => [aLedgerProjector(), aBalancesProjector()];

/** The same read models projected from scratch, by a runner that never rebuilt anything. */
async function projectedFromScratch(store: EventStore, head: number): Promise<ReadModelsDb> {
  const db = fixture.openReadModels('from-scratch.sqlite');
  const runner = fixture.runner({ store, readModels: db, projectors: projectors() });
  await runner.start();
  expect(await runner.waitForPosition(head, 10_000)).toBe(true);
  await runner.stop();
  return db;
}

function tamperWith(db: ReadModelsDb): void {
  db.sqlite.exec(`
    UPDATE balances SET total = total + 1000 WHERE stream = 'account-1';
    DELETE FROM ledger WHERE position = 7;
  `);
}

describe('rebuild', () => {
  it('gives the same rows as live projection, even with events appended while it replays', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: projectors(), batchSize: 50 });
    const history = await appendTestEvents(store, 1_500);
    await runner.start();
    expect(await runner.waitForPosition(history, 10_000)).toBe(true);
    tamperWith(readModels);

    const rebuilt = runner.rebuild();
    const head = await appendTestEvents(store, 40, { first: 1_501 });
    const { position } = await rebuilt;
    expect(position).toBeGreaterThanOrEqual(1_500);
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);

    const reference = await projectedFromScratch(store, head);
    expect(rowsOf(readModels, 'ledger')).toEqual(rowsOf(reference, 'ledger'));
    expect(rowsOf(readModels, 'balances')).toEqual(rowsOf(reference, 'balances'));
    expect((rowsOf(readModels, 'ledger') as { applied: number }[]).every((row) => row.applied === 1)).toBe(
      true,
    );
    expect(runner.status()).toMatchObject({ head, caughtUp: true });
  });

  it('replays further when the live runner got ahead of the fresh copy before the swap', async () => {
    const store = fixture.openStore();
    const history = await appendTestEvents(store, 100);
    let laterHead = 0;
    // A log read that is slow the way a network read is: events land, and are projected live, meanwhile.
    const slowToRead: EventStore = {
      ...store,
      async readAll(options) {
        const page = await store.readAll(options);
        if (page.length === 0 && laterHead === 0 && (options?.maxCount ?? 0) > 1) {
          laterHead = await appendTestEvents(store, 20, { first: 101 });
          expect(await runner.waitForPosition(laterHead, 5_000)).toBe(true);
        }
        return page;
      },
    };
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store: slowToRead, readModels, projectors: projectors() });
    await runner.start();
    expect(await runner.waitForPosition(history, 5_000)).toBe(true);

    expect(await runner.rebuild()).toEqual({ rebuilt: ['ledger', 'balances'], position: laterHead });
    const reference = await projectedFromScratch(store, laterHead);
    expect(rowsOf(readModels, 'ledger')).toEqual(rowsOf(reference, 'ledger'));
    expect(rowsOf(readModels, 'balances')).toEqual(rowsOf(reference, 'balances'));
  });

  it('keeps the live tables answering, whole, while it replays', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 3_000);
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: projectors(), batchSize: 25 });
    await runner.start();
    expect(await runner.waitForPosition(head, 10_000)).toBe(true);

    const count = readModels.sqlite.prepare<[], { rows: number; total: number }>(
      'SELECT (SELECT COUNT(*) FROM ledger) AS rows, (SELECT SUM(total) FROM balances) AS total',
    );
    const before = count.get();
    const seenDuringRebuild: unknown[] = [];
    const reader = setInterval(() => seenDuringRebuild.push(count.get()), 1);
    await runner.rebuild();
    clearInterval(reader);

    expect(seenDuringRebuild.length).toBeGreaterThan(3);
    expect(new Set(seenDuringRebuild.map((seen) => JSON.stringify(seen)))).toEqual(
      new Set([JSON.stringify(before)]),
    );
    expect(count.get()).toEqual(before);
  });

  it('of one projector replaces only its tables and checkpoint', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: projectors() });
    const head = await appendTestEvents(store, 100);
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);
    tamperWith(readModels);
    const tamperedLedger = rowsOf(readModels, 'ledger');

    expect(await runner.rebuild(['balances'])).toEqual({ rebuilt: ['balances'], position: head });

    const reference = await projectedFromScratch(store, head);
    expect(rowsOf(readModels, 'balances')).toEqual(rowsOf(reference, 'balances'));
    expect(rowsOf(readModels, 'ledger')).toEqual(tamperedLedger);
  });

  it('works on a stopped runner, which then continues after the rebuilt checkpoint', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: projectors() });
    const head = await appendTestEvents(store, 60);
    expect(await runner.rebuild()).toEqual({ rebuilt: ['ledger', 'balances'], position: head });
    expect(runner.status().projectors.map((p) => [p.state, p.checkpoint])).toEqual([
      ['stopped', head],
      ['stopped', head],
    ]);

    const later = await appendTestEvents(store, 10, { first: 61 });
    await runner.start();
    expect(await runner.waitForPosition(later, 5_000)).toBe(true);
    const reference = await projectedFromScratch(store, later);
    expect(rowsOf(readModels, 'ledger')).toEqual(rowsOf(reference, 'ledger'));
    expect(rowsOf(readModels, 'balances')).toEqual(rowsOf(reference, 'balances'));
  });

  it('works on an in-memory read-model database', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 30);
    const readModels = fixture.openReadModels(':memory:');
    const runner = fixture.runner({ store, readModels, projectors: projectors() });
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);
    const live = rowsOf(readModels, 'ledger');
    tamperWith(readModels);
    await runner.rebuild();
    expect(rowsOf(readModels, 'ledger')).toEqual(live);
  });

  it('leaves no fresh copy behind, and rejects an unknown projector name', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: projectors() });
    await appendTestEvents(store, 10);
    await runner.rebuild();
    await expect(runner.rebuild(['nope'])).rejects.toThrow(/No projector named nope/);
    expect(readdirSync(fixture.temp.dir()).filter((file) => file.includes('rebuild'))).toEqual([]);
  });
});
