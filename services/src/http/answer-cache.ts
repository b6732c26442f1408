import type { Context } from 'hono';

export interface AnswerCacheOptions {
  /** The read models' version (see ReadModelsDb.version): the cache empties whenever it moves. */
  version: () => string;
  /** Most answers kept; the oldest goes first. */
  maxEntries?: number;
  /** Most characters of JSON kept in all; an answer longer than a tenth of that is never kept. */
  maxChars?: number;
}

/**
 * The JSON of public read-model answers (the catalogue page, a product, the category counts), kept
 * until the read models change. Browsing is read far more often than the catalogue changes: a repeated
 * query skips SQLite and JSON.stringify, and nothing stale is served, because any write at all (an order's
 * stock reservation, a review, an edit, a rebuild, another process's commit) empties it. Only for answers
 * that are the same for every caller: never one that depends on who asks.
 */
export class AnswerCache {
  readonly #version: () => string;
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #answers = new Map<string, string>();
  #chars = 0;
  #cachedVersion: string | undefined;

  constructor(options: AnswerCacheOptions) {
    this.#version = options.version;
    this.#maxEntries = options.maxEntries ?? 1_000;
    this.#maxChars = options.maxChars ?? 16 * 1024 * 1024;
  }

  /** The JSON of `compute()`, from the cache when the read models have not changed since it was kept. */
  json(key: string, compute: () => unknown): string {
    const version = this.#version();
    if (version !== this.#cachedVersion) {
      this.#answers.clear();
      this.#chars = 0;
      this.#cachedVersion = version;
    }
    const kept = this.#answers.get(key);
    if (kept !== undefined) return kept;
    const json = JSON.stringify(compute());
    // Computing reads only; were it ever to write, the version has moved and the answer is not kept.
    if (json.length <= this.#maxChars / 10 && this.#version() === version) this.#keep(key, json);
    return json;
  }

  /** The answer as `c.json` would send it. */
  respond(c: Context, key: string, compute: () => unknown): Response {
    return c.body(this.json(key, compute), 200, { 'Content-Type': 'application/json' });
  }

  get size(): number {
    return this.#answers.size;
  }

  #keep(key: string, json: string): void {
    for (const [oldest, answer] of this.#answers) {
      if (this.#answers.size < this.#maxEntries && this.#chars + json.length <= this.#maxChars) break;
      this.#answers.delete(oldest);
      this.#chars -= answer.length;
    }
    this.#answers.set(key, json);
    this.#chars += json.length;
  }
}
