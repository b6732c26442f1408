import type { ProjectorState } from '../db/read-models';

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
