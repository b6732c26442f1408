import { type EventData, type EventType, eventSchemas, type RecordedEvent } from '@shop/contracts';

const parsed = new WeakMap<RecordedEvent, unknown>();

/**
 * The event's data, validated by its contracts schema. Memoised per event object: the runner hands the
 * same event to every projector, and an OrderPlaced used to be zod-parsed by four of them in turn.
 * Projectors only read the result; a failed parse throws every time (nothing is cached).
 */
export function dataOf<T extends EventType>(event: RecordedEvent, type: T): EventData<T> {
  const cached = parsed.get(event);
  if (cached !== undefined) return cached as EventData<T>;
  const data = eventSchemas[type].parse(event.data) as EventData<T>;
  parsed.set(event, data);
  return data;
}
