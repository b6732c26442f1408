import { Hono } from 'hono';
import type { WriteHealth } from './write-health';

export interface ProjectorHealth {
  name: string;
  state: string;
  checkpoint: number;
  lagEvents: number;
  lagSeconds: number;
  lastError?: string | null;
}

export interface ProjectionHealthSource {
  status(): { head: number; projectors: ProjectorHealth[] };
}

/** Ready means: every projector is running and within this many events of the head. */
export const READY_MAX_LAG_EVENTS = 100;

/**
 * `/health/live`: the process answers. `/health/ready`: every read model is running and caught up
 * within a bound, so a load balancer sends shoppers only to an instance that shows fresh data.
 */
export function healthRoutes(projections: ProjectionHealthSource, writes?: Pick<WriteHealth, 'lastFailure'>) {
  return new Hono()
    .get('/live', (c) => c.json({ status: 'ok' }))
    .get('/ready', (c) => {
      const { head, projectors } = projections.status();
      const problems = projectors.filter((p) => p.state !== 'running' || p.lagEvents > READY_MAX_LAG_EVENTS);
      const writeFailure = writes?.lastFailure();
      const ready = problems.length === 0 && !writeFailure;
      const body = {
        status: ready ? 'ready' : 'not ready',
        // Set from a failed append until the next append succeeds: this instance cannot take orders.
        ...(writeFailure
          ? {
              eventStore: { writable: false, lastWriteFailure: writeFailure.code, failedAt: writeFailure.at },
            }
          : {}),
        head,
        projectors: projectors.map(({ name, state, checkpoint, lagEvents, lagSeconds, lastError }) => ({
          name,
          state,
          checkpoint,
          lagEvents,
          lagSeconds,
          ...(lastError ? { lastError } : {}),
        })),
      };
      return c.json(body, ready ? 200 : 503);
    });
}
