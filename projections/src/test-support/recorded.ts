import type { EventData, EventType, RecordedEvent } from '@shop/contracts';

let position = 0;

/** A stored event as the runner hands it to a projector, for projector unit tests. */
export function recorded<T extends EventType>(type: T, data: EventData<T>, stream = 'test'): RecordedEvent {
  position += 1;
  return {
    id: `event-${position}`,
    streamName: stream,
    type,
    data,
    metadata: { schemaVersion: 1, actor: 'test' },
    revision: 0,
    position,
    timestamp: 0,
  };
}
