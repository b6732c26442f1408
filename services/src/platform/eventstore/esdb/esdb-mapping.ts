import {
  type AppendExpectedRevision,
  ErrorType,
  type RecordedEvent as EsdbRecordedEvent,
  type Position,
} from '@eventstore/db-client';
import {
  ANY,
  type EventMetadata,
  type ExpectedRevision,
  NO_STREAM,
  type RecordedEvent,
  STREAM_EXISTS,
  StreamNotFound,
  WrongExpectedVersion,
} from '@shop/contracts';
import { completeMetadata } from '../port-conventions';

// The pure half of the EventStoreDB adapter: how our port's values map to the client's and back.
// Kept apart from the I/O so it is unit-tested without a server.

/** Our expected revision as the client's: the constants are the same words, a revision becomes a BigInt. */
export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === NO_STREAM || expected === ANY || expected === STREAM_EXISTS) return expected;
  return BigInt(expected);
}

/** A revision or NO_STREAM as the client reports a stream's current revision. */
export function fromEsdbCurrentRevision(current: unknown): number | typeof NO_STREAM {
  if (typeof current === 'bigint' && current >= 0n) return Number(current);
  if (typeof current === 'number' && current >= 0) return current;
  return NO_STREAM;
}

/** Our port's position (the commit position as a number) as a client position, for reads and subscriptions. */
export function toEsdbPosition(position: number): Position {
  const at = BigInt(position);
  return { commit: at, prepare: at };
}

/** The client's position as our port's: its commit position as a number (well within 2^53 for any log on disk). */
export function fromEsdbPosition(position: Position | bigint | undefined): number {
  if (position === undefined) return 0;
  return Number(typeof position === 'bigint' ? position : position.commit);
}

interface ErrorWithType {
  type?: unknown;
  actualVersion?: unknown;
}

const typeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as ErrorWithType).type : undefined;

/** Translates the client's errors into the port's; anything else passes through unchanged. */
export function translateEsdbError(error: unknown, stream: string, expected: ExpectedRevision): unknown {
  switch (typeOf(error)) {
    case ErrorType.WRONG_EXPECTED_VERSION:
      return new WrongExpectedVersion(
        stream,
        expected,
        fromEsdbCurrentRevision((error as ErrorWithType).actualVersion),
      );
    case ErrorType.STREAM_NOT_FOUND:
    case ErrorType.STREAM_DELETED:
      return new StreamNotFound(stream);
    default:
      return error;
  }
}

const TRANSIENT = new Set<unknown>([
  ErrorType.NOT_LEADER,
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
]);

/** gRPC status codes of a raw channel error (the client does not convert those): UNAVAILABLE, DEADLINE_EXCEEDED. */
const TRANSIENT_GRPC_CODES = new Set<unknown>([14, 4]);

/** Errors worth retrying: a leader change, a node briefly unreachable, a call that timed out. */
export function isTransientEsdbError(error: unknown): boolean {
  if (TRANSIENT.has(typeOf(error))) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeOf(error) === undefined && TRANSIENT_GRPC_CODES.has(code);
}

/** Delay before retry `attempt` (1, 2, ...): doubling from `baseMs`, capped at `maxMs`. */
export function backoffDelay(attempt: number, baseMs = 100, maxMs = 2_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** System events ($-prefixed types: stream metadata, links, statistics) are not our events. */
export function isSystemEvent(type: string): boolean {
  return type.startsWith('$');
}

/** The metadata we write: ours in full, plus EventStoreDB's own correlation keys for its tooling. */
export function toEsdbMetadata(metadata: Partial<EventMetadata> = {}): Record<string, unknown> {
  const complete = completeMetadata(metadata);
  return {
    ...complete,
    ...(complete.causationId ? { $causationId: complete.causationId } : {}),
    ...(complete.correlationId ? { $correlationId: complete.correlationId } : {}),
  };
}

/** Reads our metadata back, keeping only the port's keys. */
export function fromEsdbMetadata(raw: unknown): EventMetadata {
  const source = parseJsonIfBytes(raw);
  const record = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  const metadata: EventMetadata = {
    schemaVersion: typeof record.schemaVersion === 'number' ? record.schemaVersion : 1,
    actor: typeof record.actor === 'string' ? record.actor : 'system',
  };
  if (typeof record.causationId === 'string') metadata.causationId = record.causationId;
  if (typeof record.correlationId === 'string') metadata.correlationId = record.correlationId;
  return metadata;
}

/**
 * A recorded event from the client as the port's. `commitPosition` is the resolved event's, used when the
 * server (before 22.6) does not put the position on the event itself.
 */
export function fromEsdbRecordedEvent(event: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
  return {
    id: event.id,
    streamName: event.streamId,
    type: event.type,
    data: event.isJson ? event.data : parseJsonIfBytes(event.data),
    metadata: fromEsdbMetadata(event.metadata),
    revision: Number(event.revision),
    position: fromEsdbPosition(event.position ?? commitPosition),
    timestamp: event.created.getTime(),
  };
}

function parseJsonIfBytes(value: unknown): unknown {
  if (!(value instanceof Uint8Array)) return value;
  if (value.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(value));
  } catch {
    return value;
  }
}
