import { describe, expect, it } from 'vitest';
import { useProjectionFixture } from '../test-support/projection-fixture';
import { POSITIONS_PER_EVENT, withSparsePositions } from '../test-support/sparse-positions';
import { aLedgerProjector, appendTestEvents } from '../test-support/test-tables';
import type { ProjectionStatus } from './projection-status';

const fixture = useProjectionFixture();

const SECOND = 1_000;
const NOW = 1_000 * SECOND;

/** A store whose n-th append is stamped n seconds after the epoch. */
function aStoreStampingEventNAtNSeconds() {
  let appends = 0;
  return fixture.openStore({ now: () => ++appends * SECOND });
}

const lagOf = (status: ProjectionStatus, name: string) => {
  const { checkpoint, lagEvents, lagSeconds } = status.projectors.find((p) => p.name === name)!;
  return { checkpoint, lagEvents, lagSeconds };
};

describe('lag', () => {
  it('before the start: every event behind, as old as the oldest one not applied', async () => {
    const store = aStoreStampingEventNAtNSeconds();
    await appendTestEvents(store, 5);
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()], now: () => NOW });

    const status = await runner.refreshStatus();
    expect(status).toMatchObject({ head: 5, caughtUp: false });
    expect(lagOf(status, 'ledger')).toEqual({
      checkpoint: 0,
      lagEvents: 5,
      lagSeconds: (NOW - 1 * SECOND) / SECOND,
    });
  });

  it('counts events, not the distance between positions, which need not be dense', async () => {
    const store = withSparsePositions(aStoreStampingEventNAtNSeconds());
    await appendTestEvents(store, 5);
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()], now: () => NOW });

    const status = await runner.refreshStatus();
    expect(status).toMatchObject({ head: 5 * POSITIONS_PER_EVENT, caughtUp: false });
    expect(lagOf(status, 'ledger')).toMatchObject({ checkpoint: 0, lagEvents: 5 });
  });

  it('while catching up: counted from the first event after the checkpoint', async () => {
    const store = aStoreStampingEventNAtNSeconds();
    const head = await appendTestEvents(store, 100);
    const readModels = fixture.openReadModels();
    let seenMidway: ProjectionStatus | undefined;
    const ledger = aLedgerProjector({
      beforeApply: (position) => {
        if (position === 35) seenMidway = runner.status();
      },
    });
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [ledger],
      batchSize: 10,
      maxTransactionMs: Number.POSITIVE_INFINITY,
      now: () => NOW,
    });
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);

    // Event 35 is applied in the chunk 31-40: the checkpoint is 30, event 31 the oldest pending.
    expect(seenMidway).toMatchObject({ head: 100, caughtUp: false });
    expect(lagOf(seenMidway!, 'ledger')).toEqual({
      checkpoint: 30,
      lagEvents: 70,
      lagSeconds: (NOW - 31 * SECOND) / SECOND,
    });
  });

  it('a count that reached its limit is a floor: never shown lower before the next count', async () => {
    const store = aStoreStampingEventNAtNSeconds();
    const head = await appendTestEvents(store, 40);
    const readModels = fixture.openReadModels();
    const seen: number[] = [];
    const ledger = aLedgerProjector({
      beforeApply: (position) => {
        if (position % 5 === 1) seen.push(lagOf(runner.status(), 'ledger').lagEvents);
      },
    });
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [ledger],
      batchSize: 5,
      maxTransactionMs: Number.POSITIVE_INFINITY,
      statusRefreshMs: 60_000,
      lagCountLimit: 10,
      now: () => NOW,
    });
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);

    // Before each chunk of five: 40, 35, ... events behind; shown as at least the limit of 10 throughout.
    expect(seen).toHaveLength(8);
    expect(seen.every((lag) => lag >= 10)).toBe(true);
    expect(lagOf(await runner.refreshStatus(), 'ledger').lagEvents).toBe(0);
  });

  it('zero when caught up, and again after new events are applied', async () => {
    const store = aStoreStampingEventNAtNSeconds();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()], now: () => NOW });
    await runner.start();
    expect(await runner.waitForPosition(await appendTestEvents(store, 8), 2_000)).toBe(true);
    expect(runner.status()).toMatchObject({ head: 8, caughtUp: true });
    expect(lagOf(runner.status(), 'ledger')).toEqual({ checkpoint: 8, lagEvents: 0, lagSeconds: 0 });

    expect(await runner.waitForPosition(await appendTestEvents(store, 3, { first: 9 }), 2_000)).toBe(true);
    expect(lagOf(await runner.refreshStatus(), 'ledger')).toEqual({
      checkpoint: 11,
      lagEvents: 0,
      lagSeconds: 0,
    });
  });

  it('of a failed projector: grows with the log and keeps the age of the event it stopped before', async () => {
    const store = aStoreStampingEventNAtNSeconds();
    const head = await appendTestEvents(store, 5);
    const readModels = fixture.openReadModels();
    const broken = aLedgerProjector({
      name: 'audit',
      table: 'audit_ledger',
      beforeApply: (position) => {
        if (position === 4) throw new Error('no');
      },
    });
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [aLedgerProjector(), broken],
      batchSize: 2,
      maxTransactionMs: Number.POSITIVE_INFINITY,
      now: () => NOW,
    });
    await runner.start();
    expect(await runner.waitForPosition(head, 2_000)).toBe(true);
    // Chunks of 2: 1-2 applied, 3-4 rolled back, so event 3 is the oldest not applied.
    expect(lagOf(runner.status(), 'audit')).toEqual({
      checkpoint: 2,
      lagEvents: 3,
      lagSeconds: (NOW - 3 * SECOND) / SECOND,
    });
    expect(lagOf(runner.status(), 'ledger')).toEqual({ checkpoint: 5, lagEvents: 0, lagSeconds: 0 });

    expect(await runner.waitForPosition(await appendTestEvents(store, 2, { first: 6 }), 2_000)).toBe(true);
    expect(lagOf(await runner.refreshStatus(), 'audit')).toEqual({
      checkpoint: 2,
      lagEvents: 5,
      lagSeconds: (NOW - 3 * SECOND) / SECOND,
    });
    expect(runner.status().caughtUp).toBe(false);
  });
});
