import type { ProjectorState } from '../db/read-models';
import type { ProjectorCursor } from './apply-chunk';
import type { ProjectorFailure } from './checkpoints';

/** One projector as the health route and the logs see it. */
export interface ProjectorStatus {
  name: string;
  state: ProjectorState;
  checkpoint: number;
  /** Events after the checkpoint, counted up to LAG_COUNT_LIMIT when the status was last refreshed. */
  lagEvents: number;
  /** Age of the oldest event not applied yet; 0 when caught up. */
  lagSeconds: number;
  lastError: string | null;
  failedPosition: number | null;
  failedEventType: string | null;
}

export interface ProjectionStatus {
  /** Position of the last event in the log, as last seen. */
  head: number;
  /** Every projector running and at the head. */
  caughtUp: boolean;
  projectors: ProjectorStatus[];
}

/** What the runner knows of one projector. */
export interface ProjectorProgress extends ProjectorCursor {
  state: ProjectorState;
  failure: ProjectorFailure | undefined;
  /** Timestamp of the first event after the checkpoint, when known: the age of the lag. */
  pendingSince: number | undefined;
  /** Events after the checkpoint, as last counted in the store (0 once the checkpoint is at the head). */
  lagEvents: number;
}

/** Lags are counted up to this many events: a larger count costs a read of the store for nothing. */
export const LAG_COUNT_LIMIT = 100_000;

export function describeProgress(
  progress: readonly ProjectorProgress[],
  head: number,
  now: number,
  haltError: string | undefined,
): ProjectionStatus {
  const projectors = progress.map((p): ProjectorStatus => {
    const behind = p.checkpoint < head;
    return {
      name: p.projector.name,
      state: p.state,
      checkpoint: p.checkpoint,
      lagEvents: behind ? p.lagEvents : 0,
      lagSeconds: behind && p.pendingSince !== undefined ? Math.max(0, (now - p.pendingSince) / 1000) : 0,
      lastError: p.failure?.message ?? (p.state === 'stopped' ? (haltError ?? null) : null),
      failedPosition: p.failure?.position ?? null,
      failedEventType: p.failure?.eventType ?? null,
    };
  });
  return {
    head,
    caughtUp: projectors.every((p) => p.state === 'running' && p.lagEvents === 0),
    projectors,
  };
}
