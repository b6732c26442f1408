import type { ErrorBody } from '@shop/contracts';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { silentLogger } from '../logger';
import { type AuthEnv, authenticate, type CallerRecord, issueToken, requireAdmin, requireUser } from './auth';
import { errorResponse } from './error-handler';

/** Callers, a Hono app guarded by the token checks, and tokens signed or forged for it. */

export const START = Date.parse('2024-05-02T08:00:00Z');
export const DAY_S = 24 * 3600;
export const NOT_VALID = 'Your sign-in is not valid. Please sign in again.';
export const EXPIRED = 'Your session has expired. Please sign in again.';
export const NOT_FOUND = 'Your account was not found. Please sign in again.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const ayesha: CallerRecord = {
  id: 'user-ayesha',
  name: 'Ayesha',
  email: 'ayesha@example.pk',
  isAdmin: false,
  sessionVersion: 0,
  keptSessionId: null,
  sessionEnded: false,
};

export function aSetup(records: CallerRecord[] = [ayesha], options: { tokenTtlSeconds?: number } = {}) {
  let now = START;
  const byId = new Map(records.map((record) => [record.id, record]));
  const endedSessions = new Set<string>();
  const lookups: [string, string][] = [];
  const deps = {
    // A key of its own per setup: verified tokens are remembered per key.
    signingKey: new TextEncoder().encode(`a-signing-secret-of-32-characters-${Math.random()}`),
    clock: () => new Date(now),
    ...options,
    lookupCaller: (userId: string, sessionId: string) => {
      lookups.push([userId, sessionId]);
      const record = byId.get(userId);
      return record && { ...record, sessionEnded: record.sessionEnded || endedSessions.has(sessionId) };
    },
  };
  const app = new Hono<AuthEnv>();
  app.onError((error, c) => errorResponse(error, c, silentLogger));
  app.get('/me', requireUser(deps), (c) => c.json(c.var.caller));
  app.get('/admin', requireAdmin(deps), (c) => c.json(c.var.caller));
  app.get('/maybe', async (c) => c.json({ caller: (await authenticate(deps, c)) ?? null }));
  const call = async (path: string, authorization?: string) => {
    const response = await app.request(path, authorization ? { headers: { authorization } } : {});
    return { status: response.status, body: (await response.json()) as ErrorBody & Record<string, unknown> };
  };
  return {
    deps,
    lookups,
    setRecord: (record: CallerRecord) => byId.set(record.id, record),
    endSession: (sessionId: string) => endedSessions.add(sessionId),
    advance: (ms: number) => {
      now += ms;
    },
    me: (token: string) => call('/me', `Bearer ${token}`),
    call,
    /** A token for `user` at the user's session version now, as sign-in issues it. */
    tokenFor: (user: CallerRecord = ayesha) =>
      issueToken(deps, { id: user.id, isAdmin: user.isAdmin, sessionVersion: user.sessionVersion }),
    /** A token signed with the right key and whatever claims a forger chose. */
    forged: (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT = (jwt) => jwt) =>
      build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })).sign(deps.signingKey),
  };
}

export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
export const nowS = Math.floor(START / 1000);
