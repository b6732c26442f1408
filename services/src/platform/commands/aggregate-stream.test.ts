import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@shop/contracts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { aggregateStream, type Fold } from './aggregate-stream';

type CounterEvent = { type: 'Added'; data: { n: number } } | { type: 'Reset'; data: Record<string, never> };
const counter: Fold<{ total: number; seen: number }, CounterEvent> = {
  initialState: () => ({ total: 0, seen: 0 }),
  evolve: (state, event) => ({
    total: event.type === 'Added' ? state.total + event.data.n : 0,
    seen: state.seen + 1,
  }),
};

let dir: string;
let store: EventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'aggregate-stream-'));
  store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const added = (n: number) => ({ type: 'Added', data: { n } });

it('folds a stream from the initial state, answering its events and last revision', async () => {
  await store.append('counter-1', [added(2), added(3), { type: 'Reset', data: {} }, added(4)]);
  const folded = await aggregateStream(store, 'counter-1', counter);
  expect(folded.state).toEqual({ total: 4, seen: 4 });
  expect(folded.revision).toBe(3);
  expect(folded.events.map((event) => event.type)).toEqual(['Added', 'Added', 'Reset', 'Added']);
});

it('answers the initial state at revision -1 for a stream that does not exist', async () => {
  const folded = await aggregateStream(store, 'counter-none', counter);
  expect(folded).toEqual({ state: { total: 0, seen: 0 }, events: [], revision: -1 });
});

it('folds only the events after a state already folded, and keeps its revision when none follow', async () => {
  await store.append('counter-2', [added(1), added(10)]);
  const tail = await aggregateStream(store, 'counter-2', counter, {
    state: { total: 1, seen: 1 },
    revision: 0,
  });
  expect(tail.state).toEqual({ total: 11, seen: 2 });
  expect(tail.revision).toBe(1);
  expect(tail.events.map(({ type, data }) => ({ type, data }))).toEqual([added(10)]);
  const nothingNew = await aggregateStream(store, 'counter-2', counter, tail);
  expect(nothingNew).toEqual({ state: tail.state, events: [], revision: 1 });
});
