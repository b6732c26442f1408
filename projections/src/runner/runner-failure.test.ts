import type { EventStore } from '@shop/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ReadModelsDb } from '../db/database';
import { useProjectionFixture } from '../test-support/projection-fixture';
import {
  aLedgerProjector,
  appendTestEvents,
  aTestEvent,
  rowsOf,
  testTables,
} from '../test-support/test-tables';
import type { ProjectorStatus } from './projection-status';

const fixture = useProjectionFixture();

const POISON = 6;

/** The audit ledger throws on event 6 until it is fixed; the plain ledger never does. */
function projectorsWithABug() {
  const bug = { fixed: false };
  const audit = aLedgerProjector({
    name: 'audit',
    table: 'audit_ledger',
    beforeApply: (position) => {
      if (position === POISON && !bug.fixed) throw new Error(`cannot apply event ${position}`);
    },
  });
  return { bug, projectors: [aLedgerProjector(), audit] };
}

function appliedPositions(db: ReadModelsDb, table: 'ledger' | 'audit_ledger') {
  return (rowsOf(db, table) as { position: number; applied: number }[]).map((row) => [
    row.position,
    row.applied,
  ]);
}

const eachOnce = (count: number) => Array.from({ length: count }, (_, i) => [i + 1, 1]);

function statusOf(statuses: ProjectorStatus[], name: string) {
  return statuses.find((status) => status.name === name);
}

async function runUntilTheBugBites(store: EventStore, readModels: ReadModelsDb) {
  const { bug, projectors } = projectorsWithABug();
  const onProjectorFailed = vi.fn();
  const runner = fixture.runner({
    store,
    readModels,
    projectors,
    batchSize: 4,
    maxTransactionMs: Infinity,
    onProjectorFailed,
  });
  // Appended before the start so the runner sees one batch, cut into chunks 1-4, 5-8, 9-10.
  const head = await appendTestEvents(store, 10);
  await runner.start();
  expect(await runner.waitForPosition(head, 2_000)).toBe(true);
  return { bug, runner, head, onProjectorFailed };
}

describe('a projector that throws', () => {
  it('stops alone at the last whole batch, with its error recorded and visible; the others go on', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const { runner, head, onProjectorFailed } = await runUntilTheBugBites(store, readModels);

    // Batches of 4: 1-4 applied, 5-8 rolled back when event 6 threw.
    expect(statusOf(runner.status().projectors, 'audit')).toMatchObject({
      state: 'failed',
      checkpoint: 4,
      lastError: 'cannot apply event 6',
      failedPosition: POISON,
      failedEventType: aTestEvent(POISON).type,
      lagEvents: head - 4,
    });
    expect(runner.status().caughtUp).toBe(false);
    expect(appliedPositions(readModels, 'audit_ledger')).toEqual(eachOnce(4));
    expect(statusOf(runner.status().projectors, 'ledger')).toMatchObject({
      state: 'running',
      checkpoint: head,
    });
    expect(appliedPositions(readModels, 'ledger')).toEqual(eachOnce(10));
    expect(onProjectorFailed).toHaveBeenCalledTimes(1);

    expect(
      readModels.first(
        testTables(readModels).selectFrom('projection_checkpoints').selectAll().where('name', '=', 'audit'),
      ),
    ).toMatchObject({
      position: 4,
      status: 'failed',
      last_error: 'cannot apply event 6',
      failed_position: POISON,
      failed_event_type: aTestEvent(POISON).type,
    });

    const later = await appendTestEvents(store, 3, { first: 11 });
    expect(await runner.waitForPosition(later, 2_000)).toBe(true);
    expect(appliedPositions(readModels, 'ledger')).toEqual(eachOnce(13));
    expect(statusOf(runner.status().projectors, 'audit')?.checkpoint).toBe(4);
  });

  it('is retried on restart: once fixed, it applies the event it stopped on and everything after, once', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const { runner, head } = await runUntilTheBugBites(store, readModels);
    await runner.stop();

    const fixedProjectors = projectorsWithABug();
    fixedProjectors.bug.fixed = true;
    const restarted = fixture.runner({
      store,
      readModels,
      projectors: fixedProjectors.projectors,
      batchSize: 4,
      maxTransactionMs: Infinity,
    });
    expect(statusOf(restarted.status().projectors, 'audit')).toMatchObject({
      state: 'failed',
      lastError: 'cannot apply event 6',
    });
    await restarted.start();
    expect(await restarted.waitForPosition(head, 2_000)).toBe(true);
    expect(statusOf(restarted.status().projectors, 'audit')).toMatchObject({
      state: 'running',
      checkpoint: head,
      lastError: null,
      failedPosition: null,
    });
    expect(appliedPositions(readModels, 'audit_ledger')).toEqual(eachOnce(10));
    expect(appliedPositions(readModels, 'ledger')).toEqual(eachOnce(10));
  });

  it('still broken after a restart, it fails again on the same event', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const { runner, head } = await runUntilTheBugBites(store, readModels);
    await runner.stop();

    const restarted = fixture.runner({
      store,
      readModels,
      projectors: projectorsWithABug().projectors,
      batchSize: 4,
      maxTransactionMs: Infinity,
    });
    await restarted.start();
    expect(await restarted.waitForPosition(head, 2_000)).toBe(true);
    expect(statusOf(restarted.status().projectors, 'audit')).toMatchObject({
      state: 'failed',
      checkpoint: 4,
      failedPosition: POISON,
    });
    expect(appliedPositions(readModels, 'audit_ledger')).toEqual(eachOnce(4));
  });

  it('is rebuilt once fixed, without a restart: its error clears and it goes on live', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const { bug, runner, head } = await runUntilTheBugBites(store, readModels);

    bug.fixed = true;
    expect(await runner.rebuild(['audit'])).toEqual({ rebuilt: ['audit'], position: head });
    expect(statusOf(runner.status().projectors, 'audit')).toMatchObject({
      state: 'running',
      checkpoint: head,
      lastError: null,
    });
    expect(appliedPositions(readModels, 'audit_ledger')).toEqual(eachOnce(10));

    const later = await appendTestEvents(store, 4, { first: 11 });
    expect(await runner.waitForPosition(later, 2_000)).toBe(true);
    expect(appliedPositions(readModels, 'audit_ledger')).toEqual(eachOnce(14));
    expect(appliedPositions(readModels, 'ledger')).toEqual(eachOnce(14));
    expect(runner.status().caughtUp).toBe(true);
  });

  it('still broken, its rebuild rejects and leaves the live tables and the failure as they were', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const { runner } = await runUntilTheBugBites(store, readModels);

    await expect(runner.rebuild(['audit'])).rejects.toThrow(/audit failed on .* at position 6/);
    expect(statusOf(runner.status().projectors, 'audit')).toMatchObject({ state: 'failed', checkpoint: 4 });
    expect(appliedPositions(readModels, 'audit_ledger')).toEqual(eachOnce(4));
  });
});
