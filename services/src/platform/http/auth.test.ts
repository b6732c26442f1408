import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSetup, ayesha, claimsOf, DAY_S, nowS, SESSION_ENDED } from './auth-test-kit';

// The token checks on their own: a real Hono app, real signed tokens, a fixed clock moved through the
// token's life, and the callers as a read model would answer them. The same checks against the real
// read model, across a restart, are in tokens.test.ts and sessions.test.ts.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('issueToken', () => {
  it('signs the subject, a fresh session id, the session version, the issuer and a 7-day expiry', async () => {
    const s = aSetup();
    const first = claimsOf(await s.tokenFor({ ...ayesha, sessionVersion: 3 }));
    const second = claimsOf(await s.tokenFor());

    expect(first).toMatchObject({ sub: 'user-ayesha', sv: 3, iss: 'shop', iat: nowS, exp: nowS + 7 * DAY_S });
    expect(first.role).toBe('customer');
    expect(first.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.sid).not.toBe(first.sid);
    expect(claimsOf(await s.tokenFor({ ...ayesha, isAdmin: true })).role).toBe('admin');
    expect(JSON.parse(Buffer.from((await s.tokenFor()).split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
  });

  it('honours a configured lifetime', async () => {
    const s = aSetup([ayesha], { tokenTtlSeconds: 60 });
    expect(claimsOf(await s.tokenFor()).exp).toBe(nowS + 60);
  });
});

describe('verified tokens', () => {
  const verifications = () => vi.spyOn(crypto.subtle, 'verify');

  it('checks a signature once, and a token again only once it expired', async () => {
    const s = aSetup([ayesha], { tokenTtlSeconds: 60 });
    const token = await s.tokenFor();
    const verify = verifications();
    for (let i = 0; i < 3; i += 1) expect((await s.me(token)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    s.advance(60_000);
    expect((await s.me(token)).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  // Slow (10,001 tokens): left out of the mutation run (vitest.stryker-accounts.config.ts).
  it('remembers 10,000 per signing key, forgetting the oldest first', { timeout: 60_000 }, async () => {
    const s = aSetup();
    const tokens: string[] = [];
    for (let i = 0; i <= 10_000; i += 1) {
      tokens.push(
        await s.forged({ sub: ayesha.id, sid: `s-${i}`, sv: 0, exp: nowS + 60 }, (jwt) =>
          jwt.setIssuer('shop'),
        ),
      );
    }
    for (const token of tokens.slice(0, 10_000)) expect((await s.me(token)).status).toBe(200);
    const verify = verifications();
    // All 10,000 remembered; the next one pushes the oldest out.
    expect((await s.me(tokens[0]!)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(0);
    expect((await s.me(tokens[10_000]!)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    expect((await s.me(tokens[1]!)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    expect((await s.me(tokens[0]!)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(2);
  });
});

describe('requireAdmin', () => {
  it('lets an admin in and answers 403 to a customer, by the read model and not the token', async () => {
    const admin = { ...ayesha, id: 'user-admin', isAdmin: true };
    const s = aSetup([ayesha, admin]);
    const adminToken = await s.tokenFor(admin);
    const customerToken = await s.tokenFor();
    const adminsClaims = claimsOf(adminToken);

    expect(await s.call('/admin', `Bearer ${adminToken}`)).toMatchObject({
      status: 200,
      body: { id: 'user-admin', isAdmin: true, sessionId: adminsClaims.sid },
    });
    expect(await s.call('/admin', `Bearer ${customerToken}`)).toEqual({
      status: 403,
      body: { message: 'Only an administrator can do that.', code: 'FORBIDDEN' },
    });
    s.setRecord({ ...admin, isAdmin: false });
    expect((await s.call('/admin', `Bearer ${adminToken}`)).status).toBe(403);
    expect((await s.call('/admin')).status).toBe(401);
  });

  it('refuses an ended session before asking about the role', async () => {
    const admin = { ...ayesha, isAdmin: true };
    const s = aSetup([admin]);
    const token = await s.tokenFor(admin);
    s.endSession(claimsOf(token).sid as string);
    expect((await s.call('/admin', `Bearer ${token}`)).body.message).toBe(SESSION_ENDED);
  });
});
