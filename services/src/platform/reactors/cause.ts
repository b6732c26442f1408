import { type EventData, type EventType, eventSchemas, type RecordedEvent } from '@shop/contracts';
import { MessageRefused } from './channel';

/** The event's data by its contract schema; undefined when it is another type or does not fit. */
export function dataOf<T extends EventType>(event: RecordedEvent, type: T): EventData<T> | undefined {
  if (event.type !== type) return undefined;
  const parsed = eventSchemas[type].safeParse(event.data);
  return parsed.success ? (parsed.data as EventData<T>) : undefined;
}

/** The causing event's data when writing its message; a cause that does not fit is refused for good. */
export function required<T>(data: T | undefined, cause: RecordedEvent): T {
  if (data === undefined)
    throw new MessageRefused(`The ${cause.type} event it comes from does not fit its schema`);
  return data;
}
