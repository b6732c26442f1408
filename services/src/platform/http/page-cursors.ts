import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Page } from '@shop/contracts';
import type { KeysetPage, PageStart, Position } from '@shop/projections';
import { z } from 'zod';
import { badRequest } from '../errors';

const SIGNATURE_BYTES = 16;

/** What a cursor carries, before it is signed: which list and sort it belongs to, and where to start. */
const CursorPayload = z.strictObject({
  /** The list, e.g. `orders`. */
  l: z.string(),
  /** The sort the list was in, e.g. `newest` or `spent-desc`. */
  s: z.string(),
  /** After (`a`) or before (`b`) the row at k, t. */
  d: z.enum(['a', 'b']),
  k: z.union([z.string(), z.number()]),
  t: z.union([z.string(), z.number()]),
});

const invalidCursor = () =>
  badRequest(
    'This page link is not valid for this list. Go back to the first page and page again.',
    'cursor',
  );

/**
 * The admin lists' cursors: where the next or previous page starts (a row's sort key and tie-breaker),
 * bound to its list and sort, as base64url JSON with an HMAC of it. A cursor that was tampered with,
 * made up, or answered by another list or sort is refused with 400 before any query runs.
 */
export class PageCursors {
  readonly #key: Buffer;

  /** `secret`: the shop's signing key; cursors are signed with a key derived from it for this use. */
  constructor(secret: Uint8Array) {
    this.#key = createHmac('sha256', secret).update('admin list cursors').digest();
  }

  /** Where the page a cursor names starts; undefined (the first page) without a cursor. */
  read(cursor: string | undefined, list: string, sort: string): PageStart {
    if (cursor === undefined) return undefined;
    const [payload, signature, ...rest] = cursor.split('.');
    if (!payload || !signature || rest.length > 0) throw invalidCursor();
    const expected = this.#sign(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
    let parsed: z.infer<typeof CursorPayload>;
    try {
      parsed = CursorPayload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    } catch {
      throw invalidCursor();
    }
    if (parsed.l !== list || parsed.s !== sort) throw invalidCursor();
    const position: Position = { key: parsed.k, tie: parsed.t };
    return parsed.d === 'a' ? { after: position } : { before: position };
  }

  /** A page as the API answers it, its neighbours' places signed into cursors for this list and sort. */
  page<T>(list: string, sort: string, page: KeysetPage<T> & { total: number }): Page<T> {
    return {
      items: page.rows,
      total: page.total,
      nextCursor: page.next && this.#write(list, sort, 'a', page.next),
      previousCursor: page.previous && this.#write(list, sort, 'b', page.previous),
    };
  }

  #write(list: string, sort: string, direction: 'a' | 'b', position: Position): string {
    const payload = Buffer.from(
      JSON.stringify({ l: list, s: sort, d: direction, k: position.key, t: position.tie }),
    ).toString('base64url');
    return `${payload}.${this.#sign(payload).toString('base64url')}`;
  }

  #sign(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
  }
}
