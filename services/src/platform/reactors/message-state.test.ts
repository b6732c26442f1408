import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { foldMessage, mayStartSending, retryDelayMs } from './message-state';

let revision = -1;
function event<T extends EventType>(type: T, data: EventData<T>): RecordedEvent {
  revision += 1;
  const metadata = { schemaVersion: 1, actor: 'system' };
  return {
    id: `e${revision}`,
    streamName: 'outbox-x',
    type,
    data,
    metadata,
    revision,
    position: revision + 1,
    timestamp: 0,
  };
}
const owed = () => {
  revision = -1;
  return event('MessageOwed', {
    channel: 'email',
    kind: 'order-confirmation',
    causeEventId: 'c1',
    causePosition: 1,
    to: 'a@example.pk',
    toName: 'A',
    at: '2024-05-02T08:00:00.000Z',
  });
};
const started = (owner: string, attempt: number, until: string) =>
  event('MessageSendStarted', { owner, attempt, until, at: '2024-05-02T08:00:00.000Z' });
const at = (iso: string) => new Date(iso);

describe('an owed message', () => {
  it('may be sent at once, and not while a live lease holds it', () => {
    const fresh = foldMessage([owed()]);
    expect(fresh).toMatchObject({ status: 'waiting', revision: 0, attempts: 0 });
    expect(mayStartSending(fresh, at('2024-05-02T08:00:00.000Z'), [])).toBe(true);

    const leased = foldMessage([owed(), started('life-1', 1, '2024-05-02T08:02:00.000Z')]);
    expect(leased).toMatchObject({ revision: 1, attempts: 1 });
    expect(mayStartSending(leased, at('2024-05-02T08:01:59.999Z'), [])).toBe(false);
    expect(mayStartSending(leased, at('2024-05-02T08:02:00.000Z'), [])).toBe(true);
    expect(mayStartSending(leased, at('2024-05-02T08:00:01.000Z'), ['life-1'])).toBe(true);
  });

  it('waits for its retry time after a failure that may pass', () => {
    const deferred = foldMessage([
      owed(),
      started('life-1', 1, '2024-05-02T08:02:00.000Z'),
      event('MessageDeferred', {
        attempt: 1,
        reason: 'ECONNREFUSED',
        retryAt: '2024-05-02T08:00:30.000Z',
        at: '2024-05-02T08:00:00.000Z',
      }),
    ]);
    expect(deferred).toMatchObject({ lease: undefined, lastError: 'ECONNREFUSED', attempts: 1 });
    expect(mayStartSending(deferred, at('2024-05-02T08:00:29.999Z'), [])).toBe(false);
    expect(mayStartSending(deferred, at('2024-05-02T08:00:30.000Z'), [])).toBe(true);
  });

  it('is never sent again once sent or failed; a late acceptance counts as sent', () => {
    const sent = foldMessage([owed(), event('MessageSent', { attempt: 1, messageId: '<m>', at: 'x' })]);
    expect(mayStartSending(sent, at('2030-01-01T00:00:00.000Z'), [])).toBe(false);
    const failedThenSent = foldMessage([
      owed(),
      event('MessageFailed', { attempt: 1, reason: '550', at: 'x' }),
      event('MessageSent', { attempt: 1, messageId: '<m>', at: 'x' }),
    ]);
    expect(failedThenSent.status).toBe('sent');
    const sentThenLeased = foldMessage([
      owed(),
      event('MessageSent', { attempt: 1, messageId: '<m>', at: 'x' }),
      started('life-2', 2, '2030-01-01T00:00:00.000Z'),
    ]);
    expect(sentThenLeased).toMatchObject({ status: 'sent', revision: 2 });
    expect(foldMessage([]).status).toBe('absent');
  });

  it('is never sent once withdrawn as no longer needed, nor counted as failed', () => {
    const withdrawn = foldMessage([
      owed(),
      started('life-1', 1, '2024-05-02T08:02:00.000Z'),
      event('MessageWithdrawn', {
        attempt: 1,
        reason: 'Order AX-1 no longer awaits its confirmation',
        at: 'x',
      }),
      started('life-2', 2, '2030-01-01T00:00:00.000Z'),
    ]);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', attempts: 1, revision: 3 });
    expect(mayStartSending(withdrawn, at('2030-01-01T00:00:00.000Z'), [])).toBe(false);
  });
});

describe('retry delays', () => {
  it('double from the first delay up to the ceiling', () => {
    const policy = { firstDelayMs: 30_000, maxDelayMs: 600_000, giveUpAfterMs: 0 };
    expect([1, 2, 3, 4, 5, 6, 20].map((attempt) => retryDelayMs(attempt, policy))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000,
    ]);
  });
});
