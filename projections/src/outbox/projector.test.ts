import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { outboxProjector } from './projector';
import { channelMessageCounts, dueMessages } from './queries';

let position = 0;
function recorded<T extends EventType>(streamName: string, type: T, data: EventData<T>): RecordedEvent {
  position += 1;
  const metadata = { schemaVersion: 1, actor: 'system' };
  return { id: `e${position}`, streamName, type, data, metadata, revision: 0, position, timestamp: 0 };
}

function project(...events: RecordedEvent[]) {
  const db = openReadModels(':memory:');
  for (const event of events) db.transaction(() => outboxProjector.apply(event, db));
  return db;
}

const owed = (stream: string, at = '2024-05-02T08:00:00.000Z') =>
  recorded(stream, 'MessageOwed', {
    channel: 'email',
    kind: 'order-confirmation',
    causeEventId: `cause-${stream}`,
    causePosition: 1,
    to: 'asma@example.pk',
    toName: 'Asma',
    at,
  });
const started = (stream: string, owner: string, until: string, attempt = 1) =>
  recorded(stream, 'MessageSendStarted', { owner, attempt, until, at: '2024-05-02T08:00:01.000Z' });
const due = (db: ReturnType<typeof project>, now: string, deadOwners: string[] = []) =>
  dueMessages(db, { channel: 'email', now, deadOwners, limit: 10 }).map((row) => row.stream);

describe('the outbox read model', () => {
  it('offers an owed message at once, in the order owed, and not while someone sends it', () => {
    const db = project(owed('b'), owed('a'), started('b', 'life-1', '2024-05-02T08:01:00.000Z'));
    expect(due(db, '2024-05-02T08:00:30.000Z')).toEqual(['a']);
    expect(due(db, '2024-05-02T08:01:00.000Z')).toEqual(['b', 'a']);
    expect(due(db, '2024-05-02T08:00:30.000Z', ['life-1'])).toEqual(['b', 'a']);
  });

  it('holds a deferred message until its retry time and keeps the reason', () => {
    const db = project(
      owed('a'),
      started('a', 'life-1', '2024-05-02T08:01:00.000Z'),
      recorded('a', 'MessageDeferred', {
        attempt: 1,
        reason: 'connect ECONNREFUSED',
        retryAt: '2024-05-02T08:00:40.000Z',
        at: '2024-05-02T08:00:10.000Z',
      }),
    );
    expect(due(db, '2024-05-02T08:00:39.999Z')).toEqual([]);
    expect(due(db, '2024-05-02T08:00:40.000Z')).toEqual(['a']);
    expect(channelMessageCounts(db, 'email')).toMatchObject({
      waiting: 1,
      sent: 0,
      failed: 0,
      lastRetry: {
        reason: 'connect ECONNREFUSED',
        retryAt: '2024-05-02T08:00:40.000Z',
        kind: 'order-confirmation',
      },
    });
  });

  it('counts sent, failed and withdrawn messages, a late acceptance counting as sent', () => {
    const db = project(
      owed('a', '2024-05-02T08:00:00.000Z'),
      owed('b', '2024-05-02T08:00:05.000Z'),
      owed('c', '2024-05-02T08:00:07.000Z'),
      recorded('a', 'MessageSent', { attempt: 1, messageId: '<a@x>', at: '2024-05-02T08:00:02.000Z' }),
      recorded('b', 'MessageFailed', {
        attempt: 1,
        reason: '550 No such user',
        at: '2024-05-02T08:00:06.000Z',
      }),
      recorded('b', 'MessageSent', { attempt: 1, messageId: '<b@x>', at: '2024-05-02T08:00:09.000Z' }),
      recorded('a', 'MessageFailed', { attempt: 2, reason: 'late', at: '2024-05-02T08:00:09.000Z' }),
      owed('d', '2024-05-02T08:00:08.000Z'),
      recorded('d', 'MessageWithdrawn', {
        attempt: 1,
        reason: 'Order AX-1 no longer awaits its confirmation',
        at: '2024-05-02T08:00:10.000Z',
      }),
    );
    expect(channelMessageCounts(db, 'email')).toEqual({
      sent: 2,
      waiting: 1,
      failed: 0,
      withdrawn: 1,
      oldestWaitingSince: '2024-05-02T08:00:07.000Z',
      lastFailure: null,
      lastRetry: null,
    });
    expect(due(db, '2024-05-02T09:00:00.000Z')).toEqual(['c']);
  });

  it('names the latest failure', () => {
    const db = project(
      owed('a'),
      recorded('a', 'MessageFailed', {
        attempt: 1,
        reason: '550 No such user',
        at: '2024-05-02T08:00:06.000Z',
      }),
    );
    expect(channelMessageCounts(db, 'email')).toMatchObject({
      failed: 1,
      waiting: 0,
      oldestWaitingSince: null,
      lastFailure: { reason: '550 No such user', at: '2024-05-02T08:00:06.000Z', kind: 'order-confirmation' },
    });
  });
});
