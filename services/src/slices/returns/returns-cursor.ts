import { createHash } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';

/** Where a page of the admin's returns list ends: the last return's request time and id (newest first). */
export interface ReturnsCursor {
  requestedAt: string;
  id: string;
}

const Position = z.tuple([z.iso.datetime(), z.string().min(1).max(200)]);

const checksum = (payload: string) => createHash('sha256').update(payload).digest('base64url').slice(0, 12);

/**
 * The returns list's cursor, opaque to clients: the position as base64url JSON and a checksum of it,
 * so a cursor edited by hand is refused rather than read as another position. The admin lists' shared
 * cursor module (issue 19) can take the place of these two functions.
 */
export function encodeReturnsCursor(position: ReturnsCursor): string {
  const payload = Buffer.from(JSON.stringify([position.requestedAt, position.id])).toString('base64url');
  return `${payload}.${checksum(payload)}`;
}

/** The position a cursor names; 400 for anything `encodeReturnsCursor` did not make. */
export function decodeReturnsCursor(cursor: string): ReturnsCursor {
  const refused = () =>
    badRequest('This page link is not valid. Please start from the first page.', 'cursor');
  const [payload, sum, ...rest] = cursor.split('.');
  if (!payload || !sum || rest.length > 0 || checksum(payload) !== sum) throw refused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const position = Position.safeParse(parsed);
  if (!position.success) throw refused();
  const [requestedAt, id] = position.data;
  return { requestedAt, id };
}
