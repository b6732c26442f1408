// Worker thread of the HTTP bench: watches the shop's two SQLite files (read-only) while orders are placed.
// For each OrderPlaced event it takes the server's append timestamp (events.timestamp, Date.now() at append)
// and the first moment this poller sees every projector's checkpoint at or past its position; the
// difference is append-to-visible, an upper bound by up to one poll interval (1 ms) plus read time.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const events = new Database(workerData.eventsPath, { readonly: true, fileMustExist: true });
const readModels = new Database(workerData.readModelsPath, { readonly: true, fileMustExist: true });
const newOrders = events.prepare(
  "SELECT position, timestamp FROM events WHERE position > ? AND type = 'OrderPlaced' ORDER BY position",
);
const head = events.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events');
const visibleUpTo = readModels.prepare(
  "SELECT MIN(position) AS position FROM projection_checkpoints WHERE status = 'running'",
);
let seen = head.get().head;
const waiting = [];
const latencies = [];
// Once told to stop, it still waits up to a second for the orders in flight when the load ended.
let stopBy;
parentPort.on('message', () => {
  stopBy = Date.now() + 1_000;
});
for (;;) {
  for (const row of newOrders.all(seen)) {
    waiting.push(row);
    seen = row.position;
  }
  const visible = visibleUpTo.get().position ?? 0;
  const now = Date.now();
  while (waiting.length > 0 && waiting[0].position <= visible)
    latencies.push(now - waiting.shift().timestamp);
  if (stopBy !== undefined && (waiting.length === 0 || now >= stopBy)) break;
  await new Promise((resolve) => setTimeout(resolve, 1));
}
parentPort.postMessage({ latencies, unseen: waiting.length });
events.close();
readModels.close();
