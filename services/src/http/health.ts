import { Hono } from 'hono';

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
export function healthRoutes(projections: ProjectionHealthSource) {
  return new Hono()
    .get('/live', (c) => c.json({ status: 'ok' }))
    .get('/ready', (c) => {
      const { head, projectors } = projections.status();
      const problems = projectors.filter((p) => p.state !== 'running' || p.lagEvents > READY_MAX_LAG_EVENTS);
      const body = {
        status: problems.length === 0 ? 'ready' : 'not ready',
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
      return c.json(body, problems.length === 0 ? 200 : 503);
    });
}
