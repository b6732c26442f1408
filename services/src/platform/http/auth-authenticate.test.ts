import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthEnv, issueToken, requireUser } from './auth';
import {
  aSetup,
  ayesha,
  claimsOf,
  DAY_S,
  EXPIRED,
  NOT_FOUND,
  NOT_VALID,
  nowS,
  SESSION_ENDED,
  START,
} from './auth-test-kit';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('authenticate', () => {
  it('answers the caller as the read model knows them, with the session and its expiry', async () => {
    const s = aSetup();
    const token = await s.tokenFor();
    const { sid } = claimsOf(token);
    s.setRecord({ ...ayesha, name: 'Ayesha K' });

    const response = await s.me(token);

    expect(response).toEqual({
      status: 200,
      body: {
        id: 'user-ayesha',
        name: 'Ayesha K',
        email: 'ayesha@example.pk',
        isAdmin: false,
        sessionId: sid,
        sessionExpiresAt: new Date(START + 7 * DAY_S * 1000).toISOString(),
      },
    });
    expect(s.lookups).toEqual([['user-ayesha', sid]]);
  });

  it('answers no caller without an Authorization header, and 401 on a route that needs one', async () => {
    const s = aSetup();
    expect(await s.call('/maybe')).toEqual({ status: 200, body: { caller: null } });
    expect(await s.call('/me')).toEqual({
      status: 401,
      body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' },
    });
  });

  it.each([
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['no token', 'Bearer '],
    ['characters no token has', 'Bearer abc def'],
    ['a token with text after it', 'Bearer a.b.c, Bearer d.e.f'],
    ['garbage', 'Bearer not-a-token'],
  ])('answers 401 to %s', async (_, authorization) => {
    const s = aSetup();
    expect(await s.call('/maybe', authorization)).toEqual({
      status: 401,
      body: { message: NOT_VALID, code: 'UNAUTHENTICATED' },
    });
    expect(s.lookups).toEqual([]);
  });

  it('refuses a valid token inside a longer header', async () => {
    const s = aSetup();
    const token = await s.tokenFor();
    for (const authorization of [`xBearer ${token}`, `Bearer ${token} extra`]) {
      expect((await s.call('/me', authorization)).body.message).toBe(NOT_VALID);
    }
  });

  it('uses the real time when given no clock', async () => {
    const s = aSetup();
    const { clock: _fixed, ...deps } = s.deps;
    const app = new Hono<AuthEnv>();
    app.get('/me', requireUser(deps), (c) => c.json(c.var.caller));
    const before = Math.floor(Date.now() / 1000);
    const token = await issueToken(deps, { id: ayesha.id, isAdmin: false, sessionVersion: 0 });
    const { iat } = claimsOf(token) as { iat: number };
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(iat).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect((await app.request('/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('accepts any amount of space after Bearer', async () => {
    const s = aSetup();
    const token = await s.tokenFor();
    expect((await s.call('/me', `Bearer    ${token}`)).status).toBe(200);
  });

  it('accepts a token until the second it expires, then says the session expired, even once remembered', async () => {
    const s = aSetup([ayesha], { tokenTtlSeconds: 3600 });
    const token = await s.tokenFor();
    expect((await s.me(token)).status).toBe(200);
    s.advance(3599_000);
    expect((await s.me(token)).status).toBe(200);
    s.advance(999);
    expect((await s.me(token)).status).toBe(200);
    s.advance(1);
    expect(await s.me(token)).toEqual({ status: 401, body: { message: EXPIRED, code: 'UNAUTHENTICATED' } });
    // Still expired once forgotten by the cache.
    expect(await s.me(token)).toEqual({ status: 401, body: { message: EXPIRED, code: 'UNAUTHENTICATED' } });
  });

  it('says the session expired for a token that was never seen before and is past its expiry', async () => {
    const s = aSetup([ayesha], { tokenTtlSeconds: 60 });
    const token = await s.tokenFor();
    s.advance(61_000);
    expect((await s.me(token)).body.message).toBe(EXPIRED);
  });

  it.each([
    ['exp', { sub: 'user-ayesha', sid: 's-1', sv: 0 }],
    ['sub', { sid: 's-1', sv: 0, exp: nowS + 60 }],
    ['sid', { sub: 'user-ayesha', sv: 0, exp: nowS + 60 }],
    ['sv', { sub: 'user-ayesha', sid: 's-1', exp: nowS + 60 }],
  ])('refuses a token signed with the right key but without %s', async (_, claims) => {
    const s = aSetup();
    const token = await s.forged(claims, (jwt) => jwt.setIssuer('shop'));
    expect(await s.me(token)).toEqual({ status: 401, body: { message: NOT_VALID, code: 'UNAUTHENTICATED' } });
    expect(s.lookups).toEqual([]);
  });

  it.each([
    ['an empty session id', { sid: '' }],
    ['a session id that is not text', { sid: 42 }],
    ['a subject that is not text', { sub: 42 }],
    ['a negative session version', { sv: -1 }],
    ['a fractional session version', { sv: 0.5 }],
    ['a session version in text', { sv: '0' }],
    ['an unsafe session version', { sv: 2 ** 53 }],
  ])('refuses a token with %s', async (_, override) => {
    const s = aSetup();
    const token = await s.forged(
      { sub: 'user-ayesha', sid: 's-1', sv: 0, exp: nowS + 60, ...override },
      (jwt) => jwt.setIssuer('shop'),
    );
    expect(await s.me(token)).toEqual({ status: 401, body: { message: NOT_VALID, code: 'UNAUTHENTICATED' } });
  });

  it('accepts a hand-made token with every claim, at session version 0', async () => {
    const s = aSetup();
    const token = await s.forged({ sub: 'user-ayesha', sid: 's-1', sv: 0, exp: nowS + 60 }, (jwt) =>
      jwt.setIssuer('shop'),
    );
    expect((await s.me(token)).body.sessionId).toBe('s-1');
  });

  it('refuses a token from another issuer, another key or another algorithm', async () => {
    const s = aSetup();
    const claims = { sub: 'user-ayesha', sid: 's-1', sv: 0, exp: nowS + 60 };
    const otherIssuer = await s.forged(claims, (jwt) => jwt.setIssuer('elsewhere'));
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('shop')
      .sign(new TextEncoder().encode('another-signing-secret-of-32-characters'));
    const otherAlgorithm = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('shop')
      .sign(s.deps.signingKey);
    for (const token of [otherIssuer, otherKey, otherAlgorithm]) {
      expect((await s.me(token)).body.message).toBe(NOT_VALID);
    }
  });

  it('refuses a remembered token whose signature was altered', async () => {
    const s = aSetup();
    const token = await s.tokenFor();
    expect((await s.me(token)).status).toBe(200);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await s.me(altered)).body.message).toBe(NOT_VALID);
  });

  it('refuses the token of a user the read model does not know', async () => {
    const s = aSetup([]);
    const token = await s.tokenFor();
    expect(await s.me(token)).toEqual({ status: 401, body: { message: NOT_FOUND, code: 'UNAUTHENTICATED' } });
  });

  it('refuses a signed-out session, and only that one', async () => {
    const s = aSetup();
    const out = await s.tokenFor();
    const other = await s.tokenFor();
    s.endSession(claimsOf(out).sid as string);

    expect(await s.me(out)).toEqual({
      status: 401,
      body: { message: SESSION_ENDED, code: 'UNAUTHENTICATED' },
    });
    expect((await s.me(other)).status).toBe(200);
  });

  it('refuses a token issued before the version rose, except the kept session; a newer one is fine', async () => {
    const s = aSetup([{ ...ayesha, sessionVersion: 1 }]);
    const before = await s.tokenFor({ ...ayesha, sessionVersion: 1 });
    const kept = await s.tokenFor({ ...ayesha, sessionVersion: 1 });
    expect((await s.me(before)).status).toBe(200);
    s.setRecord({ ...ayesha, sessionVersion: 2, keptSessionId: claimsOf(kept).sid as string });
    const after = await s.tokenFor({ ...ayesha, sessionVersion: 2 });

    expect(await s.me(before)).toEqual({
      status: 401,
      body: { message: SESSION_ENDED, code: 'UNAUTHENTICATED' },
    });
    expect((await s.me(kept)).status).toBe(200);
    expect((await s.me(after)).status).toBe(200);
    // A kept session that signs out is ended all the same.
    s.endSession(claimsOf(kept).sid as string);
    expect((await s.me(kept)).body.message).toBe(SESSION_ENDED);
  });

  it('keeps nobody when no session was kept (a password reset)', async () => {
    const s = aSetup();
    const token = await s.tokenFor();
    s.setRecord({ ...ayesha, sessionVersion: 1, keptSessionId: null });
    expect((await s.me(token)).body.message).toBe(SESSION_ENDED);
  });
});
