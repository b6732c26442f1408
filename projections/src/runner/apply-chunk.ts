import type { RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { Projector } from './projector';

/** A projector and how far it has got. */
export interface ProjectorCursor {
  readonly projector: Projector;
  /** Position of the last event it has seen; events at or before it are skipped. */
  checkpoint: number;
}

/** How much work one synchronous transaction may do before the event loop gets a turn. */
export interface ChunkLimits {
  maxEvents: number;
  /** Soft: checked after each event, so one slow event still completes. */
  maxMs: number;
}

/** A projector threw while applying an event; its transaction has been rolled back. */
export class ProjectorFailed extends Error {
  override readonly name = 'ProjectorFailed';
  constructor(
    readonly projectorName: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `Projector ${projectorName} failed on ${event.type} at position ${event.position}: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
    );
  }
}

/** Per event type, the cursors whose projector handles it, in their order; built as types turn up. */
class CursorsByType {
  readonly #byType = new Map<string, readonly ProjectorCursor[]>();

  constructor(private readonly cursors: readonly ProjectorCursor[]) {}

  for(type: string): readonly ProjectorCursor[] {
    let handling = this.#byType.get(type);
    if (!handling) {
      handling = this.cursors.filter(
        ({ projector }) => !projector.handles || projector.handles.includes(type),
      );
      this.#byType.set(type, handling);
    }
    return handling;
  }
}

/**
 * Applies `events` from `offset` to every cursor's projector in ONE transaction, until the limits or
 * the end; `inSameTransaction` receives the last position applied, to move checkpoints atomically with
 * the rows. Returns the index after the last event applied. Cursors are not moved: the caller does
 * that once the transaction has committed. Throws ProjectorFailed (after rollback) if a projector throws.
 */
export function applyChunk(
  db: ReadModelsDb,
  events: readonly RecordedEvent[],
  offset: number,
  cursors: readonly ProjectorCursor[],
  limits: ChunkLimits,
  inSameTransaction: (lastPosition: number) => void,
): number {
  const startedAt = performance.now();
  const limit = Math.min(events.length, offset + Math.max(1, limits.maxEvents));
  const byType = new CursorsByType(cursors);
  return db.transaction(() => {
    let end = offset;
    while (end < limit) {
      const event = events[end]!;
      for (const { projector, checkpoint } of byType.for(event.type)) {
        if (event.position <= checkpoint) continue;
        try {
          projector.apply(event, db);
        } catch (cause) {
          throw new ProjectorFailed(projector.name, event, cause);
        }
      }
      end += 1;
      if (performance.now() - startedAt >= limits.maxMs) break;
    }
    if (end > offset) inSameTransaction(events[end - 1]!.position);
    return end;
  });
}

/** Timestamp of the first event after `checkpoint`, searching from `from`; undefined when none is there. */
export function firstPendingTimestamp(
  events: readonly RecordedEvent[],
  from: number,
  checkpoint: number,
): number | undefined {
  for (let index = from; index < events.length; index++) {
    const event = events[index]!;
    if (event.position > checkpoint) return event.timestamp;
  }
  return undefined;
}

/** Lets timers and I/O (HTTP requests) run between two synchronous transactions. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
