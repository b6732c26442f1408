import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The peer address of the connection, for per-address throttling. Forwarding headers are not
 * trusted: anyone can send them. Behind a proxy every client shares the proxy's address.
 */
export function clientAddress(c: Context): string {
  // getConnInfo needs the Node bindings; a request made in-process (app.request) has none.
  const bindings: unknown = c.env;
  if (!bindings || typeof bindings !== 'object' || !('incoming' in bindings)) return 'in-process';
  return getConnInfo(c).remote.address ?? 'unknown';
}
