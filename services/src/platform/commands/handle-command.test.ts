import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, type ReadStreamOptions, WrongExpectedVersion } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conflict } from '../errors';
import { openSqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { AggregateCache } from './aggregate-cache';
import { type CommandDeps, type CommandOptions, type Decider, handleCommand } from './handle-command';
import { StreamTurns } from './stream-turns';

/** A till: deposits add up (a deposit of 0 changes nothing), a withdrawal may not take it below zero. */
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
    if (command.type === 'Deposit')
      return command.amount === 0 ? [] : [{ type: 'Deposited', data: { amount: command.amount } }];
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

/** One shop process: its own connection to the shared log file, its own cache, what it read and waited for. */
function aProcess(overrides: Partial<CommandDeps> = {}) {
  const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  stores.push(store);
  /** Events each read of the stream found; -1 for a read that found no stream. */
  const eventsRead: number[] = [];
  const counting: EventStore = {
    ...store,
    readStream: async (stream: string, options?: ReadStreamOptions) => {
      try {
        const events = await store.readStream(stream, options);
        eventsRead.push(events.length);
        return events;
      } catch (error) {
        eventsRead.push(-1);
        throw error;
      }
    },
  };
  const waitedFor: number[] = [];
  const waitedAtMost: number[] = [];
  const deps: CommandDeps = {
    store: counting,
    projections: {
      waitForPosition: async (position, timeoutMs) => {
        waitedFor.push(position);
        waitedAtMost.push(timeoutMs);
        return true;
      },
    },
    aggregates: new AggregateCache(),
    ...overrides,
  };
  const run = (command: TillCommand, options?: CommandOptions) =>
    handleCommand(deps, till, 'till-1', command, { actor: 'test' }, options);
  return { run, eventsRead, waitedFor, waitedAtMost, store, deps };
}

describe('handleCommand with an aggregate cache', () => {
  it('folds only the events appended since its last command, and decides on the whole history', async () => {
    const shop = aProcess();
    for (let i = 0; i < 20; i++) await shop.run({ type: 'Deposit', amount: 5 });
    const result = await shop.run({ type: 'Withdraw', amount: 100 });
    expect(result.state).toEqual({ balance: 0 });
    expect(result.revision).toBe(20);
    // The first command found no stream; every later one decided on its cached fold, reading nothing.
    expect(shop.eventsRead).toEqual([-1]);
    // A refusal is never answered from the cache: the (empty) tail is read first.
    await expect(shop.run({ type: 'Withdraw', amount: 1 })).rejects.toThrow('Only 0 left.');
    expect(shop.eventsRead).toEqual([-1, 0]);
  });

  it('decides again on the stream when its cached fold refuses a command another process made possible', async () => {
    const first = aProcess();
    const second = aProcess();
    await first.run({ type: 'Deposit', amount: 5 });
    await first.run({ type: 'Withdraw', amount: 5 });
    await second.run({ type: 'Deposit', amount: 10 });
    const result = await first.run({ type: 'Withdraw', amount: 7 });
    expect(result.state).toEqual({ balance: 3 });
    expect(result.revision).toBe(3);
  });

  it('appends to a new stream without reading, and reads when it was not new after all', async () => {
    const shop = aProcess();
    const fresh = await shop.run({ type: 'Deposit', amount: 4 }, { newStream: true });
    expect(fresh.revision).toBe(0);
    const other = aProcess();
    const existing = await other.run({ type: 'Deposit', amount: 1 }, { newStream: true });
    expect(existing).toMatchObject({ state: { balance: 5 }, revision: 1 });
    expect(shop.eventsRead).toEqual([]);
    expect(other.eventsRead).toEqual([1]);
  });

  it('waits for the read models after its append, unless told not to (a later command waits)', async () => {
    const waiting = aProcess();
    const appended = await waiting.run({ type: 'Deposit', amount: 1 });
    expect(waiting.waitedFor).toEqual([appended.position]);
    expect(waiting.waitedAtMost).toEqual([2_000]);
    const notWaiting = aProcess({ visibilityTimeoutMs: 0 });
    await notWaiting.run({ type: 'Deposit', amount: 1 });
    expect(notWaiting.waitedFor).toEqual([]);
    const briefly = aProcess({ visibilityTimeoutMs: 300 });
    await briefly.run({ type: 'Deposit', amount: 1 });
    expect(briefly.waitedAtMost).toEqual([300]);
  });

  it('answers a command that changes nothing without appending or waiting, with the stream as it stands', async () => {
    const first = aProcess();
    const second = aProcess();
    await first.run({ type: 'Deposit', amount: 5 });
    await second.run({ type: 'Deposit', amount: 10 });
    // Decided on the first process's cached fold, this changes nothing; it is answered on the stream read.
    const unchanged = await first.run({ type: 'Deposit', amount: 0 });
    expect(unchanged).toEqual({ state: { balance: 15 }, events: [], revision: 1 });
    expect(first.waitedFor).toHaveLength(1);
    expect(await first.store.readStream('till-1')).toHaveLength(2);
  });

  it('keeps the fold it read, so a refused command does not read the same events again', async () => {
    const first = aProcess();
    const second = aProcess();
    await first.run({ type: 'Deposit', amount: 10 });
    await second.run({ type: 'Withdraw', amount: 10 });
    await expect(first.run({ type: 'Withdraw', amount: 1 })).rejects.toThrow('Only 0 left.');
    await expect(first.run({ type: 'Withdraw', amount: 1 })).rejects.toThrow('Only 0 left.');
    expect(first.eventsRead).toEqual([-1, 1, 0]);
  });

  it('works without a cache, reading the stream every time', async () => {
    const shop = aProcess({ aggregates: undefined });
    await shop.run({ type: 'Deposit', amount: 3 });
    const after = await shop.run({ type: 'Withdraw', amount: 2 });
    expect(after).toMatchObject({ state: { balance: 1 }, revision: 1 });
    expect(shop.eventsRead).toEqual([-1, 1]);
  });

  it('records who issued the command and why in every event it appends', async () => {
    const shop = aProcess();
    await handleCommand(shop.deps, till, 'till-1', { type: 'Deposit', amount: 1 }, { actor: 'user-1' });
    await handleCommand(
      shop.deps,
      till,
      'till-1',
      { type: 'Deposit', amount: 2 },
      { actor: 'user-2', correlationId: 'order-9', causationId: 'event-7' },
    );
    const [plain, caused] = await shop.store.readStream('till-1');
    expect(plain?.metadata).toMatchObject({ actor: 'user-1' });
    expect(plain?.metadata).not.toHaveProperty('correlationId');
    expect(plain?.metadata).not.toHaveProperty('causationId');
    expect(caused?.metadata).toMatchObject({
      actor: 'user-2',
      correlationId: 'order-9',
      causationId: 'event-7',
    });
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

describe('handleCommand against writers in other processes', () => {
  it('keeps trying with pauses until its deadline, then answers what the policy says', async () => {
    const shop = aProcess();
    await shop.run({ type: 'Deposit', amount: 5 });
    let attempts = 0;
    const deps: CommandDeps = {
      store: {
        ...stores[0]!,
        append: async (stream) => {
          attempts += 1;
          throw new WrongExpectedVersion(stream, 0, 99);
        },
      },
      projections: { waitForPosition: async () => true },
      retry: {
        deadlineMs: 200,
        firstPauseMs: 2,
        longestPauseMs: 20,
        gaveUp: () => new Error('busy, try again'),
      },
    };
    const started = performance.now();
    await expect(
      handleCommand(deps, till, 'till-1', { type: 'Deposit', amount: 1 }, { actor: 'test' }),
    ).rejects.toThrow('busy, try again');
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(150);
    // More than a fixed count of 5 would allow, fewer than retrying without pauses would make.
    expect(attempts).toBeGreaterThan(6);
    expect(attempts).toBeLessThan(100);
  });

  it('never sleeps past its deadline: a pause that would end after it is not taken', async () => {
    const shop = aProcess();
    await shop.run({ type: 'Deposit', amount: 5 });
    const deps: CommandDeps = {
      store: {
        ...stores[0]!,
        append: async (stream) => {
          throw new WrongExpectedVersion(stream, 0, 99);
        },
      },
      projections: { waitForPosition: async () => true },
      retry: {
        deadlineMs: 50,
        firstPauseMs: 10_000,
        longestPauseMs: 10_000,
        gaveUp: () => new Error('gave up'),
      },
    };
    const started = performance.now();
    await expect(
      handleCommand(deps, till, 'till-1', { type: 'Deposit', amount: 1 }, { actor: 'test' }),
    ).rejects.toThrow('gave up');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('does not retry what is not a concurrent write: the store failing, or a read failing', async () => {
    const shop = aProcess();
    await shop.run({ type: 'Deposit', amount: 5 });
    let appends = 0;
    const failingAppend: CommandDeps = {
      store: {
        ...stores[0]!,
        append: async () => {
          appends += 1;
          throw new Error('disk full');
        },
      },
      projections: { waitForPosition: async () => true },
    };
    await expect(
      handleCommand(failingAppend, till, 'till-1', { type: 'Deposit', amount: 1 }, { actor: 'test' }),
    ).rejects.toThrow('disk full');
    expect(appends).toBe(1);
    const failingRead: CommandDeps = {
      store: {
        ...stores[0]!,
        readStream: async () => {
          throw new Error('store unavailable');
        },
      },
      projections: { waitForPosition: async () => true },
    };
    await expect(
      handleCommand(failingRead, till, 'till-1', { type: 'Deposit', amount: 1 }, { actor: 'test' }),
    ).rejects.toThrow('store unavailable');
  });

  it('gives up with the generic conflict when no policy says otherwise', async () => {
    const shop = aProcess();
    await shop.run({ type: 'Deposit', amount: 5 });
    const deps: CommandDeps = {
      store: {
        ...stores[0]!,
        append: async (stream) => {
          throw new WrongExpectedVersion(stream, 0, 99);
        },
      },
      projections: { waitForPosition: async () => true },
      retry: { deadlineMs: 50 },
    };
    await expect(
      handleCommand(deps, till, 'till-1', { type: 'Deposit', amount: 1 }, { actor: 'test' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This record is being changed by someone else right now. Please try again.',
    });
  });

  it('with turns, commands on one stream in one process never refuse each other', async () => {
    const shop = aProcess({ turns: new StreamTurns(), retry: { deadlineMs: 0 } });
    await shop.run({ type: 'Deposit', amount: 100 });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => shop.run({ type: 'Withdraw', amount: 2 })),
    );
    expect(results.map((r) => r.revision).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    const last = await shop.run({ type: 'Withdraw', amount: 20 });
    expect(last.state).toEqual({ balance: 0 });
  });
});
