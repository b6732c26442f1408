import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptedEncodings, CODINGS, type ContentCoding } from './accept-encoding';

export interface AnswerCacheOptions {
  /** The read models' version (see ReadModelsDb.version): the cache empties whenever it moves. */
  version: () => string;
  /** Most answers kept; the oldest goes first. */
  maxEntries?: number;
  /** Most characters of JSON kept in all; an answer longer than a tenth of that is never kept. */
  maxChars?: number;
}

/** Below this a compressed answer saves less than its headers cost. */
const MIN_COMPRESSED_CHARS = 1024;

/** Fast settings: an answer is compressed once per read-model version, on a request's time. */
const compress: Record<ContentCoding, (json: string) => Uint8Array<ArrayBuffer>> = {
  br: (json) => new Uint8Array(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
  gzip: (json) => new Uint8Array(gzipSync(json, { level: 6 })),
};

interface Answer {
  readonly json: string;
  /** Compressed copies, made the first time a browser accepts each. */
  readonly encoded: Partial<Record<ContentCoding, Uint8Array<ArrayBuffer>>>;
}

/**
 * The JSON of read-model answers that are the same for everyone allowed to ask (the catalogue page, a
 * product, the category counts; the admin dashboard, after the admin check), kept until the read models
 * change. Browsing is read far more often than the catalogue changes: a repeated query skips SQLite and
 * JSON.stringify, and nothing stale is served, because any write at all (an order's stock reservation,
 * a review, an edit, a rebuild, another process's commit) empties it. Never for an answer that depends
 * on who asks. A browser that accepts brotli or gzip gets a copy compressed once and kept with the
 * answer (a catalogue page: ~8 KB of JSON, ~1.5 KB as brotli); the size limits count the JSON only.
 */
export class AnswerCache {
  readonly #version: () => string;
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #answers = new Map<string, Answer>();
  #chars = 0;
  #cachedVersion: string | undefined;

  constructor(options: AnswerCacheOptions) {
    this.#version = options.version;
    this.#maxEntries = options.maxEntries ?? 1_000;
    this.#maxChars = options.maxChars ?? 16 * 1024 * 1024;
  }

  /**
   * The answer as `c.json` would send it; compressed when the request accepts brotli or gzip and the
   * JSON is 1 KB or more. Always `Vary: Accept-Encoding`, so no cache in between mixes them up.
   */
  respond(c: Context, key: string, compute: () => unknown): Response {
    const answer = this.#answer(key, compute);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
    if (answer.json.length >= MIN_COMPRESSED_CHARS) {
      const accepted = acceptedEncodings(c.req.header('accept-encoding'));
      const coding = CODINGS.find((name) => accepted.has(name));
      if (coding) {
        const body = answer.encoded[coding] ?? compress[coding](answer.json);
        answer.encoded[coding] = body;
        return c.body(body, 200, { ...headers, 'Content-Encoding': coding });
      }
    }
    return c.body(answer.json, 200, headers);
  }

  #answer(key: string, compute: () => unknown): Answer {
    const version = this.#version();
    if (version !== this.#cachedVersion) {
      this.#answers.clear();
      this.#chars = 0;
      this.#cachedVersion = version;
    }
    const kept = this.#answers.get(key);
    if (kept !== undefined) return kept;
    const answer: Answer = { json: JSON.stringify(compute()), encoded: {} };
    // Computing reads only; were it ever to write, the version has moved and the answer is not kept.
    if (answer.json.length <= this.#maxChars / 10 && this.#version() === version) this.#keep(key, answer);
    return answer;
  }

  #keep(key: string, answer: Answer): void {
    for (const [oldest, { json }] of this.#answers) {
      if (this.#answers.size < this.#maxEntries && this.#chars + answer.json.length <= this.#maxChars) break;
      this.#answers.delete(oldest);
      this.#chars -= json.length;
    }
    this.#answers.set(key, answer);
    this.#chars += answer.json.length;
  }
}
