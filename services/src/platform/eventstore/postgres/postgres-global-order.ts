import type { RecordedEvent } from '@shop/contracts';
import type pg from 'pg';
import { EVENT_COLUMNS, type EventRow, READ_HORIZON_SQL, toRecordedEvent } from './postgres-schema';

/** A read of the store's connection pool, retried after a lost connection. */
export type ReadQuery = <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;

/**
 * Reads of the whole log in its global order (decision 015): positions are ordered by the
 * transaction that wrote them, and a reader stops below the oldest transaction still running, so an
 * event committed late by a slower writer is never skipped.
 */
export function globalOrderReader(read: ReadQuery, settleTimeoutMs: number) {
  /**
   * Up to `limit` final events from `from` on (inclusive), with what the same snapshot saw: the read
   * horizon, and the last committed position, which lies at or above the horizon while appends that
   * began earlier are still in flight.
   */
  async function pageFrom(from: number, limit: number | null): Promise<Page> {
    const rows = await read<EventRow & Snapshot>(
      `WITH h AS MATERIALIZED (
         SELECT ${READ_HORIZON_SQL} AS horizon, (SELECT max(position) FROM events) AS committed
       )
       SELECT h.horizon, h.committed, e.* FROM h LEFT JOIN LATERAL (
         SELECT ${EVENT_COLUMNS} FROM events
         WHERE position >= $1 AND position < h.horizon ORDER BY position LIMIT $2
       ) e ON true`,
      [from, limit],
    );
    return {
      events: rows.filter((row) => row.position !== null).map(toRecordedEvent),
      ...snapshotOf(rows[0]),
    };
  }

  /** The last final position, waiting (bounded) for appends in flight that began before the call. */
  async function settledHead(): Promise<number> {
    const headQuery = () =>
      read<{ head: string | null } & Snapshot>(
        `SELECT (SELECT max(position) FROM events WHERE position < h.horizon) AS head, h.horizon, h.committed
         FROM (SELECT ${READ_HORIZON_SQL} AS horizon, (SELECT max(position) FROM events) AS committed) h`,
      );
    let [row] = await headQuery();
    const { horizon, committed } = snapshotOf(row);
    if (committed >= horizon && (await horizonPasses(committed))) [row] = await headQuery();
    return row?.head == null ? 0 : Number(row.head);
  }

  /** Waits until every transaction that could write at or below `position` has ended; false at the timeout. */
  async function horizonPasses(position: number, timeoutMs = settleTimeoutMs): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (let delayMs = 2; Date.now() < deadline; delayMs = Math.min(delayMs * 2, 50)) {
      await sleep(delayMs);
      const [row] = await read<{ horizon: string }>(`SELECT ${READ_HORIZON_SQL} AS horizon`);
      if (Number(row?.horizon) > position) return true;
    }
    return false;
  }

  async function readAllForwards(
    from: number,
    maxCount: number | null,
    settleMs = settleTimeoutMs,
  ): Promise<RecordedEvent[]> {
    let page = await pageFrom(from, maxCount);
    // A short page may have stopped at appends still in flight: wait for them, then read again.
    const short = maxCount === null || page.events.length < maxCount;
    if (short && page.committed >= page.horizon && (await horizonPasses(page.committed, settleMs))) {
      page = await pageFrom(from, maxCount);
    }
    return page.events;
  }

  async function readAllBackwards(from: number, maxCount: number | null): Promise<RecordedEvent[]> {
    await settledHead();
    const rows = await read<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE position <= $1 AND position < ${READ_HORIZON_SQL}
       ORDER BY position DESC LIMIT $2`,
      [from, maxCount],
    );
    return rows.map(toRecordedEvent);
  }

  return { readAllForwards, readAllBackwards, settledHead };
}

interface Snapshot {
  horizon: string;
  committed: string | null;
}

interface Page {
  events: RecordedEvent[];
  /** Positions below it are final in the snapshot the page was read in. */
  horizon: number;
  /** The last committed position in that snapshot, 0 when the log is empty. */
  committed: number;
}

const snapshotOf = (row: Snapshot | undefined) => ({
  horizon: Number(row?.horizon),
  committed: row?.committed == null ? 0 : Number(row.committed),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
