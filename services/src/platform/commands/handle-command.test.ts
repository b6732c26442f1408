import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, ReadStreamOptions } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conflict } from '../errors';
import { openSqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { AggregateCache } from './aggregate-cache';
import { type CommandDeps, type Decider, handleCommand } from './handle-command';

/** A till: deposits add up, a withdrawal may not take it below zero. */
type TillEvent =
  | { type: 'Deposited'; data: { amount: number } }
  | { type: 'Withdrawn'; data: { amount: number } };
type TillCommand = { type: 'Deposit' | 'Withdraw'; amount: number };
const till: Decider<{ balance: number }, TillCommand, TillEvent> = {
  initialState: () => ({ balance: 0 }),
  evolve: (state, event) => ({
    balance: state.balance + (event.type === 'Deposited' ? event.data.amount : -event.data.amount),
  }),
  decide: (command, state) => {
    if (command.type === 'Deposit') return [{ type: 'Deposited', data: { amount: command.amount } }];
    if (command.amount > state.balance) throw conflict(`Only ${state.balance} left.`);
    return [{ type: 'Withdrawn', data: { amount: command.amount } }];
  },
};

let dir: string;
let stores: EventStore[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'handle-command-'));
  stores = [];
});
afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** One shop process: its own connection to the shared log file, its own cache, and what it read. */
function aProcess() {
  const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  stores.push(store);
  const eventsRead: number[] = [];
  const counting: EventStore = {
    ...store,
    readStream: async (stream: string, options?: ReadStreamOptions) => {
      const events = await store.readStream(stream, options);
      eventsRead.push(events.length);
      return events;
    },
  };
  const deps: CommandDeps = {
    store: counting,
    projections: { waitForPosition: async () => true },
    aggregates: new AggregateCache(),
  };
  const run = (command: TillCommand) => handleCommand(deps, till, 'till-1', command, { actor: 'test' });
  return { run, eventsRead };
}

describe('handleCommand with an aggregate cache', () => {
  it('folds only the events appended since its last command, and decides on the whole history', async () => {
    const shop = aProcess();
    for (let i = 0; i < 20; i++) await shop.run({ type: 'Deposit', amount: 5 });
    const result = await shop.run({ type: 'Withdraw', amount: 100 });
    expect(result.state).toEqual({ balance: 0 });
    expect(result.revision).toBe(20);
    // The first command found no stream; every later one read the empty tail after its own write.
    expect(shop.eventsRead.slice(1).every((n) => n === 0)).toBe(true);
    await expect(shop.run({ type: 'Withdraw', amount: 1 })).rejects.toThrow('Only 0 left.');
  });

  it("sees another process's writes: it reads the stream's tail after the revision it cached", async () => {
    const first = aProcess();
    const second = aProcess();
    await first.run({ type: 'Deposit', amount: 10 });
    await second.run({ type: 'Withdraw', amount: 10 });
    await expect(first.run({ type: 'Withdraw', amount: 1 })).rejects.toThrow('Only 0 left.');
    const after = await first.run({ type: 'Deposit', amount: 3 });
    expect(after.state).toEqual({ balance: 3 });
    expect(after.revision).toBe(2);
  });

  it('drops the least recently used streams beyond its size', () => {
    const cache = new AggregateCache(2);
    cache.set('a', till.evolve, { balance: 1 }, 0);
    cache.set('b', till.evolve, { balance: 2 }, 0);
    cache.get('a', till.evolve);
    cache.set('c', till.evolve, { balance: 3 }, 0);
    expect(cache.get('b', till.evolve)).toBeUndefined();
    expect(cache.get('a', till.evolve)).toEqual({ state: { balance: 1 }, revision: 0 });
    expect(cache.get('c', () => undefined)).toBeUndefined();
  });
});
