import { describe, expect, it, vi } from 'vitest';
import { useProjectionFixture } from '../test-support/projection-fixture';
import {
  aBalancesProjector,
  aLedgerProjector,
  appendTestEvents,
  aTestEvent,
  rowsOf,
  testTables,
} from '../test-support/test-tables';
import type { Projector } from './projector';

const fixture = useProjectionFixture();

/** What the balances read model must hold after events 1..count, worked out without the runner. */
function expectedBalances(count: number, streams = 5) {
  const balances = new Map<string, { stream: string; total: number; events: number }>();
  for (let n = 1; n <= count; n++) {
    const { type, data } = aTestEvent(n);
    if (type === 'Noted') continue;
    const stream = `account-${n % streams}`;
    const amount = (data as { amount: number }).amount;
    const row = balances.get(stream) ?? { stream, total: 0, events: 0 };
    row.total += type === 'Withdrawn' ? -amount : amount;
    row.events += 1;
    balances.set(stream, row);
  }
  return [...balances.values()].sort((a, b) => a.stream.localeCompare(b.stream));
}

function ledgerPositions(rows: unknown[]) {
  return (rows as { position: number; applied: number }[]).map(({ position, applied }) => ({
    position,
    applied,
  }));
}

const appliedOnce = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ position: i + 1, applied: 1 }));

describe('ProjectionRunner, live', () => {
  it('projects events as they are appended, and waitForPosition resolves once they are readable', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [aLedgerProjector(), aBalancesProjector()],
    });
    await runner.start();

    const position = await appendTestEvents(store, 30);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect(ledgerPositions(rowsOf(readModels, 'ledger'))).toEqual(appliedOnce(30));
    expect(rowsOf(readModels, 'balances')).toEqual(expectedBalances(30));

    const later = await appendTestEvents(store, 5, { first: 31 });
    expect(await runner.waitForPosition(later, 2_000)).toBe(true);
    expect(ledgerPositions(rowsOf(readModels, 'ledger'))).toEqual(appliedOnce(35));
    expect(rowsOf(readModels, 'balances')).toEqual(expectedBalances(35));
  });

  it('catches up on history written before it started', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 120);
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()], batchSize: 7 });
    await runner.start();
    expect(await runner.waitForPosition(head, 2_000)).toBe(true);
    expect(ledgerPositions(rowsOf(readModels, 'ledger'))).toEqual(appliedOnce(120));
    expect(runner.status().projectors[0]).toMatchObject({
      name: 'ledger',
      state: 'running',
      checkpoint: head,
    });
  });

  it('waitForPosition resolves false at the timeout, and false when the runner stops', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()] });
    const head = await appendTestEvents(store, 3);
    expect(await runner.waitForPosition(head, 30)).toBe(false);
    await runner.start();
    expect(await runner.waitForPosition(head, 2_000)).toBe(true);
    const pending = runner.waitForPosition(head + 1, 10_000);
    await runner.stop();
    expect(await pending).toBe(false);
  });

  it('continues from its checkpoint after a restart: no event applied twice, none lost', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const first = fixture.runner({
      store,
      readModels,
      projectors: [aLedgerProjector(), aBalancesProjector()],
    });
    await first.start();
    expect(await first.waitForPosition(await appendTestEvents(store, 20), 2_000)).toBe(true);
    await first.stop();
    expect(first.status().projectors.map((p) => p.state)).toEqual(['stopped', 'stopped']);

    const head = await appendTestEvents(store, 15, { first: 21 });
    const second = fixture.runner({
      store,
      readModels,
      projectors: [aLedgerProjector(), aBalancesProjector()],
    });
    expect(second.status().projectors.map((p) => p.checkpoint)).toEqual([20, 20]);
    await second.start();
    expect(await second.waitForPosition(head, 2_000)).toBe(true);
    expect(ledgerPositions(rowsOf(readModels, 'ledger'))).toEqual(appliedOnce(35));
    expect(rowsOf(readModels, 'balances')).toEqual(expectedBalances(35));
  });

  it('skips event types a projector does not handle, yet moves its checkpoint past them', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const balances = aBalancesProjector();
    const apply = vi.spyOn(balances, 'apply');
    const runner = fixture.runner({ store, readModels, projectors: [balances] });
    await runner.start();
    const head = await appendTestEvents(store, 20);
    expect(await runner.waitForPosition(head, 2_000)).toBe(true);
    const calledWith = apply.mock.calls.map(([event]) => event.type);
    expect(calledWith).not.toContain('Noted');
    expect(calledWith).toHaveLength(expectedBalances(20).reduce((sum, row) => sum + row.events, 0));
    expect(runner.status().projectors[0]?.checkpoint).toBe(head);
  });

  it('keeps transactions short and lets the event loop run between them', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 600);
    const readModels = fixture.openReadModels();
    const transaction = vi.spyOn(readModels, 'transaction');
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()], batchSize: 50 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);
    clearInterval(ticker);
    expect(transaction.mock.calls.length).toBeGreaterThanOrEqual(600 / 50);
    expect(ticks).toBeGreaterThan(1);
  });

  it('ends a transaction early when its time budget is spent, however large the batch', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 30);
    const readModels = fixture.openReadModels();
    const slow = aLedgerProjector({
      beforeApply: () => {
        const until = performance.now() + 2;
        while (performance.now() < until) {}
      },
    });
    const transaction = vi.spyOn(readModels, 'transaction');
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [slow],
      batchSize: 1_000,
      maxTransactionMs: 5,
    });
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);
    expect(transaction.mock.calls.length).toBeGreaterThanOrEqual(30 / 3);
    expect(ledgerPositions(rowsOf(readModels, 'ledger'))).toEqual(appliedOnce(30));
  });

  it('records each checkpoint in the read-model database', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [aLedgerProjector(), aBalancesProjector()],
    });
    await runner.start();
    const head = await appendTestEvents(store, 12);
    expect(await runner.waitForPosition(head, 2_000)).toBe(true);
    const rows = readModels.all(
      testTables(readModels)
        .selectFrom('projection_checkpoints')
        .select(['name', 'position', 'status', 'last_error'])
        .orderBy('name'),
    );
    expect(rows).toEqual([
      { name: 'balances', position: head, status: 'running', last_error: null },
      { name: 'ledger', position: head, status: 'running', last_error: null },
    ]);
  });

  it('refuses projectors that share a name or a table, or write a table no migration creates', () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runnerOf =
      (...projectors: Projector[]) =>
      () =>
        fixture.runner({ store, readModels, projectors });
    expect(runnerOf(aLedgerProjector(), aLedgerProjector())).toThrow('Two projectors are named ledger');
    expect(runnerOf(aLedgerProjector(), aLedgerProjector({ name: 'other' }))).toThrow(
      'Projectors ledger and other both claim table ledger',
    );
    expect(runnerOf({ ...aLedgerProjector(), tables: ['nowhere'] })).toThrow(
      /nowhere, which no migration creates/,
    );
  });

  it('halts, visibly, when the log it subscribes to goes away', async () => {
    const store = fixture.openStore();
    const readModels = fixture.openReadModels();
    const runner = fixture.runner({ store, readModels, projectors: [aLedgerProjector()] });
    await runner.start();
    await store.close();
    await vi.waitFor(() => expect(runner.status().projectors[0]?.state).toBe('stopped'));
    expect(runner.status().projectors[0]?.lastError).toMatch(/halted: the subscription to the log ended/);
    expect(await runner.waitForPosition(0, 50)).toBe(false);
  });
});
