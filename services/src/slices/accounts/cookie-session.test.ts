import type { AuthResponse, ErrorBody, User } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/http/auth';
import { CROSS_SITE_REFUSED } from '../../platform/http/same-origin';
import { openTestShop, registerUser, type SignedInUser, type TestShop } from '../../test-support/test-shop';

// The session used to live in the page's localStorage, where any script that ever ran on the page
// could read it. The browser now holds it in an httpOnly cookie; API clients keep the bearer token.
let t: TestShop;
let user: SignedInUser;
afterEach(async () => {
  await t.close();
});

async function openShopWithUser(options: Parameters<typeof openTestShop>[0] = {}) {
  t = await openTestShop(options);
  user = await registerUser(t, { email: 'sara@example.pk', password: 'her own password' });
}

const OWN = 'http://localhost';
async function signInForCookie(): Promise<{ cookie: string; setCookie: string; body: AuthResponse }> {
  const response = await t.request<AuthResponse>('POST', '/api/auth/login', {
    body: { email: user.email, password: 'her own password' },
  });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${setCookie}`);
  return { cookie: `${SESSION_COOKIE}=${value}`, setCookie, body: response.body };
}
const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({
  headers: { cookie, ...headers },
});
const rename = (options: { token?: string; headers?: Record<string, string> }, name = 'Sara Khan') =>
  t.request<User & ErrorBody>('PUT', '/api/users/profile', { ...options, body: { name } });

describe('the session cookie', () => {
  it('is set on sign-in and registration: httpOnly, SameSite=Lax, for the whole site, as long as the token lives; not Secure over http', async () => {
    await openShopWithUser();
    const { setCookie, body } = await signInForCookie();
    expect(setCookie).toContain(`${SESSION_COOKIE}=${body.token}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=604800/);
    expect(setCookie).not.toMatch(/Secure/);
    const registered = await t.request('POST', '/api/auth/register', {
      body: { name: 'Hina', email: 'hina@example.pk', contact: '0300-1234567', password: 'a long password' },
    });
    expect(registered.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=.+HttpOnly`));
  });

  it('is Secure when the shop is served over https (PUBLIC_URL)', async () => {
    await openShopWithUser({ publicUrl: 'https://shop.example.pk' });
    const { setCookie } = await signInForCookie();
    expect(setCookie).toMatch(/; Secure/);
  });

  it('signs the browser in for reads, with no token in sight', async () => {
    await openShopWithUser();
    const { cookie } = await signInForCookie();
    const profile = await t.request<User>('GET', '/api/users/profile', withCookie(cookie));
    expect([profile.status, profile.body.email]).toEqual([200, user.email]);
    expect((await t.request('GET', '/api/users/profile')).status).toBe(401);
  });

  it('refuses a change made with the cookie from another site, or with no sign of where it came from (403), and changes nothing', async () => {
    await openShopWithUser();
    const { cookie } = await signInForCookie();
    const attempts: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const refused = await rename(withCookie(cookie, headers), 'Changed By Another Site');
      expect([refused.status, refused.body.message]).toEqual([403, CROSS_SITE_REFUSED]);
    }
    const profile = await t.request<User>('GET', '/api/users/profile', withCookie(cookie));
    expect(profile.body.name).not.toBe('Changed By Another Site');
    expect((await rename(withCookie(cookie, { origin: OWN }))).status).toBe(200);
    expect((await rename(withCookie(cookie, { 'sec-fetch-site': 'same-origin' }))).status).toBe(200);
  });

  it('takes a change from the shop’s PUBLIC_URL origin behind a proxy', async () => {
    await openShopWithUser({ publicUrl: 'https://shop.example.pk' });
    const { cookie } = await signInForCookie();
    expect((await rename(withCookie(cookie, { origin: 'https://shop.example.pk' }))).status).toBe(200);
    expect(
      (await rename(withCookie(cookie, { origin: 'https://shop.example.pk.evil.example' }))).status,
    ).toBe(403);
  });

  it('still takes the bearer token from API clients, which send no Origin', async () => {
    await openShopWithUser();
    const renamed = await rename({ token: user.token });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Sara Khan']);
  });

  it('is cleared by signing out, and the session it held is over', async () => {
    await openShopWithUser();
    const { cookie } = await signInForCookie();
    const out = await t.request('POST', '/api/auth/logout', withCookie(cookie, { origin: OWN }));
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await t.request('GET', '/api/users/profile', withCookie(cookie))).status).toBe(401);
  });

  it('accepts a token only as issued: a trailing "=" or another padding is not the same token', async () => {
    await openShopWithUser();
    for (const token of [`${user.token}=`, `${user.token}==`, `${user.token}!!`]) {
      expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(401);
      expect(
        (await t.request('GET', '/api/users/profile', withCookie(`${SESSION_COOKIE}=${token}`))).status,
      ).toBe(401);
    }
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).status).toBe(200);
  });
});
