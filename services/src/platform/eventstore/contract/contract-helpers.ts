import {
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type NO_STREAM,
  type RecordedEvent,
  StreamNotFound,
  WrongExpectedVersion,
} from '@shop/contracts';
import { expect } from 'vitest';

let eventCount = 0;

/** A new event with a recognisable payload; override whatever the test is about. */
export function anEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  eventCount += 1;
  return { type: 'SomethingHappened', data: { n: eventCount }, ...overrides };
}

export function someEvents(count: number, type = 'SomethingHappened'): NewEvent[] {
  return Array.from({ length: count }, () => anEvent({ type }));
}

/** Appends `count` events one by one, as a command handler would. */
export async function appendEach(store: EventStore, stream: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await store.append(stream, [anEvent()]);
}

/** The error the append rejected with; fails the test when it resolved. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => expect.fail(`expected a rejection, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

export async function expectWrongExpectedVersion(
  append: Promise<unknown>,
  expected: { stream: string; expected: ExpectedRevision; actual: number | typeof NO_STREAM },
): Promise<void> {
  const error = await rejectionOf(append);
  expect(error).toBeInstanceOf(WrongExpectedVersion);
  expect(error).toMatchObject(expected);
}

export async function expectStreamNotFound(read: Promise<unknown>, stream: string): Promise<void> {
  const error = await rejectionOf(read);
  expect(error).toBeInstanceOf(StreamNotFound);
  expect(error).toMatchObject({ stream });
}

/** The stream's events, or none when it does not exist. */
export async function eventsOf(store: EventStore, stream: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(stream);
  } catch (error) {
    if (error instanceof StreamNotFound) return [];
    throw error;
  }
}

/** Events after `position` that belong to the given streams: the suite's slice of a possibly shared log. */
export async function eventsAfter(
  store: EventStore,
  position: number,
  streams: readonly string[],
): Promise<RecordedEvent[]> {
  const all = await store.readAll({ fromPosition: position + 1 });
  return all.filter((event) => streams.includes(event.streamName));
}

export const dataOf = (events: readonly RecordedEvent[]): unknown[] => events.map((event) => event.data);
export const revisionsOf = (events: readonly RecordedEvent[]): number[] =>
  events.map((event) => event.revision);
export const positionsOf = (events: readonly RecordedEvent[]): number[] =>
  events.map((event) => event.position);

export function expectStrictlyIncreasing(numbers: readonly number[]): void {
  for (let i = 1; i < numbers.length; i += 1) {
    expect(numbers[i], `position ${i} of ${numbers.length}`).toBeGreaterThan(numbers[i - 1] ?? -Infinity);
  }
}
