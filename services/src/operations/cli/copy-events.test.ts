import { NO_STREAM, type RecordedEvent } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openSqliteEventStore,
  type SqliteEventStore,
} from '../../platform/eventstore/sqlite/sqlite-event-store';
import { copyEvents, planRun } from './copy-events';

const event = (revision: number, id = `id-${revision}`, streamName = 's'): RecordedEvent => ({
  id,
  streamName,
  type: 'SomethingHappened',
  data: { revision },
  metadata: { schemaVersion: 1, actor: 'test' },
  revision,
  position: revision + 1,
  timestamp: 0,
});

describe('planning a copy (what to skip)', () => {
  it('appends a stream the target does not have, expecting no stream', () => {
    expect(planRun([event(0), event(1)], [])).toEqual({
      kind: 'append',
      skip: 0,
      events: [event(0), event(1)],
      expectedRevision: NO_STREAM,
    });
  });

  it('skips the events already there by revision and id, appending the rest after them', () => {
    expect(planRun([event(1), event(2), event(3)], ['id-0', 'id-1', 'id-2'])).toEqual({
      kind: 'append',
      skip: 2,
      events: [event(3)],
      expectedRevision: 2,
    });
    expect(planRun([event(0)], ['id-0'])).toMatchObject({ kind: 'append', skip: 1, events: [] });
  });

  it('refuses a stream whose target holds another event at a revision, or a gap', () => {
    expect(planRun([event(0, 'mine')], ['theirs'])).toEqual({
      kind: 'conflict',
      reason: 's: revision 0 is theirs in the target, mine in the source',
    });
    expect(planRun([event(3)], ['id-0'])).toMatchObject({ kind: 'conflict' });
  });
});

describe('copying a log between stores', () => {
  const stores: SqliteEventStore[] = [];
  const open = () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it('preserves the global order, ids, data and metadata, and copies nothing twice when re-run', async () => {
    const source = open();
    const target = open();
    await source.append('a', [
      { type: 'One', data: { n: 1 }, metadata: { actor: 'u1', correlationId: 'c' } },
    ]);
    await source.append('b', [
      { type: 'Two', data: { n: 2 } },
      { type: 'Three', data: { n: 3 } },
    ]);
    await source.append('a', [{ type: 'Four', data: { n: 4 } }]);
    const strip = (events: RecordedEvent[]) =>
      events.map(({ id, streamName, type, data, metadata, revision }) => ({
        id,
        streamName,
        type,
        data,
        metadata,
        revision,
      }));

    expect(await copyEvents(source, target)).toEqual({ appended: 4, skipped: 0, conflicts: [] });
    expect(strip(await target.readAll())).toEqual(strip(await source.readAll()));

    await source.append('b', [{ type: 'Five', data: { n: 5 } }]);
    expect(await copyEvents(source, target)).toEqual({ appended: 1, skipped: 4, conflicts: [] });
    expect(strip(await target.readAll())).toEqual(strip(await source.readAll()));
  });

  it('reports a stream that differs in the target and leaves it alone', async () => {
    const source = open();
    const target = open();
    await source.append('a', [{ type: 'One', data: {} }]);
    await source.append('b', [{ type: 'Two', data: {} }]);
    await target.append('a', [{ type: 'Other', data: {} }]);
    const report = await copyEvents(source, target);
    expect(report).toMatchObject({ appended: 1, skipped: 1 });
    expect(report.conflicts).toEqual([expect.stringMatching(/^a: revision 0 is /)]);
  });
});
