import { type ExpectedStreamVersion, STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getSQLiteEventStore, readMessagesBatch, sqliteConnection } from '@event-driven-io/emmett-sqlite';

/**
 * The peer: Emmett's SQLite event store (node-sqlite3 underneath, its own schema and defaults), driven
 * through its public API the way an application would.
 */
/** Appends retried after SQLITE_BUSY, in this process. */
export const emmettRetries = { count: 0 };

/**
 * 0.38.5 opens and closes a connection per call, and its transactions sometimes fail to commit
 * (SQLITE_BUSY) even with one caller: retried after 1 ms, as an application would, and counted.
 */
async function retryBusy<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 20) throw error;
      emmettRetries.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}

export function openEmmettStore(path: string) {
  const store = getSQLiteEventStore({ fileName: path, schema: { autoMigration: 'CreateOrUpdate' } });
  let connection: ReturnType<typeof sqliteConnection> | undefined;
  return {
    /** Appends one event after `expected` (undefined for a new stream); returns the next expected version. */
    async append(stream: string, expected: bigint | undefined, type: string, data: Record<string, unknown>) {
      const expectedStreamVersion: ExpectedStreamVersion<bigint> = expected ?? STREAM_DOES_NOT_EXIST;
      const result = await retryBusy(() =>
        store.appendToStream(stream, [{ type, data }], { expectedStreamVersion }),
      );
      return result.nextExpectedStreamVersion;
    },
    async readStream(stream: string) {
      return (await retryBusy(() => store.readStream(stream))).events;
    },
    /** The whole log in pages, through the batch reader its processors use. */
    async readAll(pageSize: number): Promise<number> {
      connection ??= sqliteConnection({ fileName: path });
      let after = 0n;
      let count = 0;
      for (;;) {
        const page = await retryBusy(() => readMessagesBatch(connection!, { after, batchSize: pageSize }));
        if (page.messages.length === 0) return count;
        count += page.messages.length;
        after = page.currentGlobalPosition;
      }
    },
    async close() {
      connection?.close();
      // 0.38 opens a connection per call and has no close; later versions do.
      await (store as { close?: () => Promise<void> }).close?.();
    },
  };
}
