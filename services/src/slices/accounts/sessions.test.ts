import type { AuthResponse, ErrorBody } from '@shop/contracts';
import { SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { SESSION_ENDED } from '../../platform/http/auth';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signIn,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';

let t: TestShop;
let user: SignedInUser;
it.beforeEach(async ({ shop }) => {
  t = shop;
  user = await registerUser(t, { email: 'sara@example.pk' });
});

const NOT_VALID = 'Your sign-in is not valid. Please sign in again.';
const key = new TextEncoder().encode(TEST_SIGNING_SECRET);
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
/** What a signed-in read answers with this token: 200, or 401 and why. */
async function readWith(token: string): Promise<[number, string | undefined]> {
  const response = await t.request<ErrorBody>('GET', '/api/users/profile', { token });
  return [response.status, response.status === 200 ? undefined : response.body.message];
}
const logout = (token: string) => t.request('POST', '/api/auth/logout', { token });
const changeProfile = (token: string, body: Record<string, unknown>) =>
  t.request<AuthResponse & ErrorBody>('PUT', '/api/users/profile', { token, body });

describe('POST /api/auth/logout', () => {
  it('ends the session of its token, and only that one', async () => {
    const other = await signIn(t, user.email, user.password);
    const response = await logout(user.token);
    expect([response.status, response.body]).toEqual([204, '']);
    expect(await readWith(user.token)).toEqual([401, SESSION_ENDED]);
    expect(await readWith(other.token)).toEqual([200, undefined]);
    expect((await logout(user.token)).status).toBe(401);
  });

  it('answers 401 without a token and appends nothing', async () => {
    const head = await t.deps.store.headPosition();
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(401);
    expect(await t.deps.store.headPosition()).toBe(head);
  });

  it('records the sign-out in the user’s stream with the token’s expiry', async () => {
    await logout(user.token);
    const events = await t.deps.store.readStream(`user-${user.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'UserSignedOut',
      data: {
        userId: user.id,
        sessionId: claimsOf(user.token).sid,
        expiresAt: new Date(claimsOf(user.token).exp * 1000).toISOString(),
        at: '2024-05-02T08:00:00.000Z',
      },
    });
  });
});

describe('a password or e-mail change', () => {
  it('ends every other session and keeps the one that made it until it signs out', async () => {
    const phone = await signIn(t, user.email, user.password);
    const laptop = await signIn(t, user.email, user.password);
    const changed = await changeProfile(laptop.token, {
      password: 'a new long secret',
      currentPassword: user.password,
    });
    expect(changed.status).toBe(200);
    expect(await readWith(user.token)).toEqual([401, SESSION_ENDED]);
    expect(await readWith(phone.token)).toEqual([401, SESSION_ENDED]);
    expect(await readWith(laptop.token)).toEqual([200, undefined]);
    // The app signs the laptop out 2 seconds later (docs/rules/accounts.md#sign-out-after-an-update).
    t.clock.advance(2_000);
    expect(await readWith(laptop.token)).toEqual([200, undefined]);
    expect((await logout(laptop.token)).status).toBe(204);
    expect(await readWith(laptop.token)).toEqual([401, SESSION_ENDED]);
    const fresh = await signIn(t, user.email, 'a new long secret');
    expect(await readWith(fresh.token)).toEqual([200, undefined]);
  });

  it('a new e-mail ends the other sessions too; a new name or contact ends none', async () => {
    const phone = await signIn(t, user.email, user.password);
    expect((await changeProfile(user.token, { name: 'Sara K', contact: '' })).status).toBe(200);
    expect(await readWith(phone.token)).toEqual([200, undefined]);
    const moved = await changeProfile(user.token, {
      email: 'sara.k@example.pk',
      currentPassword: user.password,
    });
    expect(moved.status).toBe(200);
    expect(await readWith(phone.token)).toEqual([401, SESSION_ENDED]);
    expect(await readWith(user.token)).toEqual([200, undefined]);
  });

  it('a kept session is ended by a later change made from another one', async () => {
    expect(
      (await changeProfile(user.token, { password: 'second password', currentPassword: user.password }))
        .status,
    ).toBe(200);
    const later = await signIn(t, user.email, 'second password');
    expect(
      (await changeProfile(later.token, { password: 'third password', currentPassword: 'second password' }))
        .status,
    ).toBe(200);
    expect(await readWith(user.token)).toEqual([401, SESSION_ENDED]);
    expect(await readWith(later.token)).toEqual([200, undefined]);
  });
});

describe('tokens', () => {
  const sign = (claims: Record<string, unknown>, expires = true) => {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('shop')
      .setIssuedAt();
    return (expires ? jwt.setExpirationTime('1h') : jwt).sign(key);
  };

  it('every token the shop issues carries an expiry and a session', async () => {
    const claims = claimsOf(user.token);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    expect(claims).toMatchObject({ sub: user.id, sv: 0, sid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(claimsOf((await signIn(t, user.email, user.password)).token).sid).not.toBe(claims.sid);
  });

  it('refuses a rightly signed token without an expiry, a session or a valid version', async () => {
    const { sid } = claimsOf(user.token);
    const forged = [
      await sign({ sub: user.id, sid, sv: 0 }, false),
      await sign({ sub: user.id, sv: 0 }),
      await sign({ sub: user.id, sid: '', sv: 0 }),
      await sign({ sub: user.id, sid, sv: -1 }),
      await sign({ sub: user.id, sid, sv: 1.5 }),
      await sign({ sub: user.id, sid, sv: '0' }),
      await sign({ sub: 7, sid, sv: 0 }),
      await sign({ sid, sv: 0 }),
    ];
    for (const token of forged)
      expect(await readWith(token), JSON.stringify(claimsOf(token))).toEqual([401, NOT_VALID]);
    // The same claims with an expiry are fine: the refusals above are about what is missing.
    expect(await readWith(await sign({ sub: user.id, sid, sv: 0 }))).toEqual([200, undefined]);
  });

  it('refuses a token issued at an older session version, even if its session was never signed out', async () => {
    const { sid } = claimsOf(user.token);
    await changeProfile(user.token, { password: 'another password', currentPassword: user.password });
    expect(await readWith(await sign({ sub: user.id, sid: 'some-other-session', sv: 0 }))).toEqual([
      401,
      SESSION_ENDED,
    ]);
    expect(await readWith(await sign({ sub: user.id, sid, sv: 0 }))).toEqual([200, undefined]);
    expect(await readWith(await sign({ sub: user.id, sid: 'a-newer-session', sv: 1 }))).toEqual([
      200,
      undefined,
    ]);
  });
});

describe('after a restart', () => {
  it('signed-out and superseded sessions stay refused, from the log, even with rebuilt read models', async () => {
    const signedOut = await signIn(t, user.email, user.password);
    const superseded = await signIn(t, user.email, user.password);
    const kept = await signIn(t, user.email, user.password);
    await logout(signedOut.token);
    await changeProfile(kept.token, { password: 'after restart', currentPassword: user.password });
    const { sid } = claimsOf(kept.token);
    const withoutExpiry = await new SignJWT({ sub: user.id, sid, sv: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('shop')
      .sign(key);
    for (const options of [{}, { freshReadModels: true }]) {
      await t.restart(options);
      expect(await readWith(withoutExpiry)).toEqual([401, NOT_VALID]);
      expect(await readWith(signedOut.token)).toEqual([401, SESSION_ENDED]);
      expect(await readWith(superseded.token)).toEqual([401, SESSION_ENDED]);
      expect(await readWith(user.token)).toEqual([401, SESSION_ENDED]);
      expect(await readWith(kept.token)).toEqual([200, undefined]);
    }
  });
});
