import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptedEncodings, CODINGS, type ContentCoding } from './accept-encoding';

export interface AnswerCacheOptions {
  /** The read models' version (see ReadModelsDb.version): the cache empties whenever it moves. */
  version: () => string;
  /** Most answers kept; the oldest goes first. */
  maxEntries?: number;
  /** Most characters kept in all; an answer longer than a tenth of that is never kept. */
  maxChars?: number;
}

/** Below this a compressed answer saves less than its headers cost. */
const MIN_COMPRESSED_CHARS = 1024;

/** Fast settings: an answer is compressed once per read-model version, on a request's time. */
const compress: Record<ContentCoding, (text: string) => Uint8Array<ArrayBuffer>> = {
  br: (text) => new Uint8Array(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
  gzip: (text) => new Uint8Array(gzipSync(text, { level: 6 })),
};

interface Answer {
  /** The body as sent: JSON, or a rendered page. */
  readonly text: string;
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
 * answer (a catalogue page: ~8 KB of JSON, ~1.5 KB as brotli); the size limits count the text only.
 * Server-rendered pages made from the read models (a product page's head tags) are kept the same way.
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
    const answer = this.#answer(key, () => JSON.stringify(compute()));
    return this.#send(c, answer!, { 'Content-Type': 'application/json' });
  }

  /**
   * The same for a rendered page, sent with `headers` and status 200. `render` answers its body, or
   * undefined when there is no such page: nothing is kept, and the caller answers its own 404.
   */
  respondText(
    c: Context,
    key: string,
    headers: Record<string, string>,
    render: () => string | undefined,
  ): Response | undefined {
    const answer = this.#answer(key, render);
    return answer && this.#send(c, answer, headers);
  }

  #send(c: Context, answer: Answer, contentHeaders: Record<string, string>): Response {
    const headers: Record<string, string> = { ...contentHeaders, Vary: 'Accept-Encoding' };
    if (answer.text.length >= MIN_COMPRESSED_CHARS) {
      const accepted = acceptedEncodings(c.req.header('accept-encoding'));
      const coding = CODINGS.find((name) => accepted.has(name));
      if (coding) {
        const body = answer.encoded[coding] ?? compress[coding](answer.text);
        answer.encoded[coding] = body;
        return c.body(body, 200, { ...headers, 'Content-Encoding': coding });
      }
    }
    return c.body(answer.text, 200, headers);
  }

  #answer(key: string, render: () => string | undefined): Answer | undefined {
    const version = this.#version();
    if (version !== this.#cachedVersion) {
      this.#answers.clear();
      this.#chars = 0;
      this.#cachedVersion = version;
    }
    const kept = this.#answers.get(key);
    if (kept !== undefined) return kept;
    const text = render();
    if (text === undefined) return undefined;
    const answer: Answer = { text, encoded: {} };
    // Computing reads only; were it ever to write, the version has moved and the answer is not kept.
    if (answer.text.length <= this.#maxChars / 10 && this.#version() === version) this.#keep(key, answer);
    return answer;
  }

  #keep(key: string, answer: Answer): void {
    for (const [oldest, { text }] of this.#answers) {
      if (this.#answers.size < this.#maxEntries && this.#chars + answer.text.length <= this.#maxChars) break;
      this.#answers.delete(oldest);
      this.#chars -= text.length;
    }
    this.#answers.set(key, answer);
    this.#chars += answer.text.length;
  }
}
