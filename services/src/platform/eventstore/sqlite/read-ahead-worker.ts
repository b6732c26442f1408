import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BUSY_TIMEOUT_MS, READ_ALL_AFTER_AS_JSON } from './sqlite-schema';

// Plain JavaScript evaluated as the worker, so it runs alike under vitest, tsx and the esbuild bundle,
// none of which would have to find, or compile, a separate worker file.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let readAfter;
try {
  const Database = require(workerData.sqliteModulePath);
  const db = new Database(workerData.dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
  readAfter = db.prepare(workerData.sql).pluck();
} catch (error) {
  // A SqliteError would reach the parent as a bare { code }.
  throw new Error(String(error));
}
parentPort.on('message', ({ id, afterPosition, limit }) => {
  let reply;
  try {
    reply = { id, text: readAfter.get(afterPosition, limit) ?? null };
  } catch (error) {
    reply = { id, error: String(error) };
  }
  parentPort.postMessage(reply);
});
`;

/** What the worker read: the batch text (null for no events), or undefined when it could not read it. */
export type ReadAheadResult = { text: string | null } | undefined;

type Reply = { id: number; text: string | null } | { id: number; error: string };

/**
 * A worker thread with its own read-only connection to the store's file, producing the JSON text of a
 * batch (READ_ALL_AFTER_AS_JSON) while the main thread handles the previous one. WAL lets it read
 * beside the writer, and positions commit in order, so it sees a prefix of the log like any reader.
 * Started on the first read; never keeps the process alive unless a read is in flight (someone awaits
 * it). A failure answers undefined, and a worker that died is not restarted: the caller reads itself.
 */
export class ReadAheadWorker {
  #worker: Worker | undefined;
  #failed = false;
  #nextId = 0;
  readonly #pending = new Map<number, (result: ReadAheadResult) => void>();

  constructor(private readonly dbPath: string) {}

  /** The JSON text of up to `limit` events after `afterPosition`, read on the worker. */
  read(afterPosition: number, limit: number): Promise<ReadAheadResult> {
    const worker = this.#started();
    if (!worker) return Promise.resolve(undefined);
    const id = this.#nextId++;
    if (this.#pending.size === 0) worker.ref();
    worker.postMessage({ id, afterPosition, limit });
    return new Promise((settle) => this.#pending.set(id, settle));
  }

  /** Ends the worker; reads in flight answer undefined. */
  async close(): Promise<void> {
    this.#failed = true;
    const worker = this.#worker;
    this.#stop();
    await worker?.terminate();
  }

  #started(): Worker | undefined {
    if (this.#worker || this.#failed) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Resolved here: the evaluated source has no module location of its own to resolve from.
      workerData: {
        dbPath: resolve(this.dbPath),
        sqliteModulePath: createRequire(import.meta.url).resolve('better-sqlite3'),
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        sql: READ_ALL_AFTER_AS_JSON,
      },
      // Not the parent's loaders (tsx, vitest): the source is plain JavaScript.
      execArgv: [],
    });
    worker.unref();
    worker.on('message', (reply: Reply) =>
      this.#settle(reply.id, 'text' in reply ? { text: reply.text } : undefined),
    );
    worker.on('error', (error: unknown) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(`it exited with code ${code}`));
    this.#worker = worker;
    return worker;
  }

  #settle(id: number, result: ReadAheadResult): void {
    const settle = this.#pending.get(id);
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
    settle?.(result);
  }

  #fail(reason: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#stop();
    process.emitWarning(
      `Event store read-ahead is off for ${this.dbPath}: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
  }

  #stop(): void {
    this.#worker?.unref();
    this.#worker = undefined;
    for (const settle of this.#pending.values()) settle(undefined);
    this.#pending.clear();
  }
}
