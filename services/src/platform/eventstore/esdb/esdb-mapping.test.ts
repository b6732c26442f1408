import type { RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import { ANY, NO_STREAM, STREAM_EXISTS, StreamNotFound, WrongExpectedVersion } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { matchesExpectedRevision } from '../port-conventions';
import {
  backoffDelay,
  fromEsdbCurrentRevision,
  fromEsdbPosition,
  fromEsdbRecordedEvent,
  isSystemEvent,
  isTransientEsdbError,
  toEsdbExpectedRevision,
  toEsdbMetadata,
  toEsdbPosition,
  translateEsdbError,
} from './esdb-mapping';

const wrongVersion = (current: bigint | typeof NO_STREAM) =>
  new WrongExpectedVersionError(undefined, { streamName: 's', expected: 2n, current });

describe('EventStoreDB mapping: expected revisions', () => {
  it('passes the three constants through and turns a revision into a BigInt', () => {
    expect(toEsdbExpectedRevision(NO_STREAM)).toBe('no_stream');
    expect(toEsdbExpectedRevision(ANY)).toBe('any');
    expect(toEsdbExpectedRevision(STREAM_EXISTS)).toBe('stream_exists');
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
  });

  it('reads a current revision back as a number from 0, or NO_STREAM', () => {
    expect(fromEsdbCurrentRevision(0n)).toBe(0);
    expect(fromEsdbCurrentRevision(7n)).toBe(7);
    expect(fromEsdbCurrentRevision(NO_STREAM)).toBe(NO_STREAM);
    expect(fromEsdbCurrentRevision(-1n)).toBe(NO_STREAM);
  });

  it('checks an empty append the way the server checks a real one', () => {
    expect(matchesExpectedRevision(NO_STREAM, undefined)).toBe(true);
    expect(matchesExpectedRevision(NO_STREAM, 0)).toBe(false);
    expect(matchesExpectedRevision(STREAM_EXISTS, undefined)).toBe(false);
    expect(matchesExpectedRevision(STREAM_EXISTS, 3)).toBe(true);
    expect(matchesExpectedRevision(ANY, undefined)).toBe(true);
    expect(matchesExpectedRevision(2, 2)).toBe(true);
    expect(matchesExpectedRevision(2, 3)).toBe(false);
  });
});

describe('EventStoreDB mapping: errors', () => {
  it('turns WrongExpectedVersionError into WrongExpectedVersion with the actual revision', () => {
    const translated = translateEsdbError(wrongVersion(5n), 'orders-1', 2);
    expect(translated).toBeInstanceOf(WrongExpectedVersion);
    expect(translated).toMatchObject({ stream: 'orders-1', expected: 2, actual: 5 });
  });

  it('reports NO_STREAM as the actual revision of a stream that does not exist', () => {
    expect(translateEsdbError(wrongVersion(NO_STREAM), 's', STREAM_EXISTS)).toMatchObject({
      expected: STREAM_EXISTS,
      actual: NO_STREAM,
    });
  });

  it('turns StreamNotFoundError into StreamNotFound', () => {
    const translated = translateEsdbError(new StreamNotFoundError(undefined, 'missing'), 'missing', ANY);
    expect(translated).toBeInstanceOf(StreamNotFound);
    expect(translated).toMatchObject({ stream: 'missing' });
  });

  it('passes other errors through unchanged', () => {
    const error = new Error('disk full');
    expect(translateEsdbError(error, 's', ANY)).toBe(error);
  });

  it('retries leader changes, unavailability and deadlines only, with a bounded doubling back-off', () => {
    for (const type of ['not-leader', 'unavailable', 'deadline-exceeded']) {
      expect(isTransientEsdbError(Object.assign(new Error(type), { type }))).toBe(true);
    }
    expect(
      isTransientEsdbError(Object.assign(new Error('14 UNAVAILABLE: No connection'), { code: 14 })),
    ).toBe(true);
    expect(isTransientEsdbError(wrongVersion(1n))).toBe(false);
    expect(isTransientEsdbError(new Error('boom'))).toBe(false);
    expect([1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt))).toEqual([
      100, 200, 400, 800, 1_600, 2_000, 2_000,
    ]);
  });
});

describe('EventStoreDB mapping: recorded events and positions', () => {
  const esdbEvent = (overrides: Partial<EsdbRecordedEvent> = {}): EsdbRecordedEvent =>
    ({
      streamId: 'order-9',
      id: '0b7e0d2e-4b8a-4f5e-9f61-3f2b4c1d2e3f',
      isJson: true,
      revision: 3n,
      type: 'OrderPlaced',
      created: new Date('2026-05-01T10:00:00.000Z'),
      data: { orderId: '9' },
      metadata: { schemaVersion: 2, actor: 'user-1', correlationId: 'c-1', $correlationId: 'c-1' },
      position: { commit: 5_120n, prepare: 5_120n },
      ...overrides,
    }) as EsdbRecordedEvent;

  it('maps revision, commit position, timestamp from created, data and our metadata keys', () => {
    expect(fromEsdbRecordedEvent(esdbEvent())).toEqual({
      id: '0b7e0d2e-4b8a-4f5e-9f61-3f2b4c1d2e3f',
      streamName: 'order-9',
      type: 'OrderPlaced',
      data: { orderId: '9' },
      metadata: { schemaVersion: 2, actor: 'user-1', correlationId: 'c-1' },
      revision: 3,
      position: 5_120,
      timestamp: Date.parse('2026-05-01T10:00:00.000Z'),
    });
  });

  it('falls back to the resolved commit position, and fills metadata defaults', () => {
    const event = fromEsdbRecordedEvent(
      esdbEvent({ position: undefined, metadata: undefined } as Partial<EsdbRecordedEvent>),
      77n,
    );
    expect(event.position).toBe(77);
    expect(event.metadata).toEqual({ schemaVersion: 1, actor: 'system' });
  });

  it('parses JSON bytes of an event not marked as JSON', () => {
    const bytes = new TextEncoder().encode('{"n":1}');
    const event = fromEsdbRecordedEvent(
      esdbEvent({ isJson: false, data: bytes, metadata: bytes } as unknown as Partial<EsdbRecordedEvent>),
    );
    expect(event.data).toEqual({ n: 1 });
  });

  it('writes complete metadata, with EventStoreDB correlation keys beside ours', () => {
    expect(toEsdbMetadata({ actor: 'u', causationId: 'x' })).toEqual({
      schemaVersion: 1,
      actor: 'u',
      causationId: 'x',
      $causationId: 'x',
    });
  });

  it('converts positions both ways through the commit position, and knows system events', () => {
    expect(toEsdbPosition(42)).toEqual({ commit: 42n, prepare: 42n });
    expect(fromEsdbPosition({ commit: 42n, prepare: 40n })).toBe(42);
    expect(fromEsdbPosition(undefined)).toBe(0);
    expect(isSystemEvent('$metadata')).toBe(true);
    expect(isSystemEvent('$>')).toBe(true);
    expect(isSystemEvent('OrderPlaced')).toBe(false);
  });
});
