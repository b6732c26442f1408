import { afterEach, describe, expect, it } from 'vitest';
import {
  aRegistration,
  openTestShop,
  registerUser,
  type SignedInUser,
  type TestShop,
} from '../../test-support/test-shop';

// Over a real socket, so the addresses are the ones the TCP stack reports: the test itself is the
// peer at 127.0.0.1, and plays the reverse proxy when the shop trusts that address.

let t: TestShop;
let url: string;
let owner: SignedInUser;
/** Every status seen, with the Retry-After of every 429. */
let answers: { status: number; retryAfter: string | null }[];

async function openListeningShop(trustedProxies?: string) {
  t = await openTestShop(trustedProxies ? { trustedProxies } : {});
  owner = await registerUser(t, { email: 'owner@example.pk', password: 'the owner password' });
  url = (await t.listen()).url;
  answers = [];
}
afterEach(async () => {
  for (const answer of answers.filter((a) => a.status === 429))
    expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
  await t.close();
});

async function post(path: string, body: unknown, forwardedFor?: string): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
  return response.status;
}
const signIn = (email: string, password: string, forwardedFor?: string) =>
  post('/api/auth/login', { email, password }, forwardedFor);

describe('behind a trusted proxy', () => {
  it('30 wrong passwords for the owner from one address leave her able to sign in from another', async () => {
    await openListeningShop('127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await signIn(owner.email, `guess ${i}`, '203.0.113.66'));
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(await signIn(owner.email, 'the owner password', '198.51.100.20')).toBe(200);
    // Her own address had not failed; the attacker's still waits, even with the right password.
    expect(await signIn(owner.email, 'the owner password', '203.0.113.66')).toBe(429);
  });

  it('a credential-stuffing run from one address does not block another', async () => {
    await openListeningShop('127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(await signIn(`victim${i}@example.pk`, 'Password1', '203.0.113.77'));
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(await signIn(owner.email, 'the owner password', '198.51.100.21')).toBe(200);
  });

  it('counts a client by the entry the proxy appended, not by what the client itself sent', async () => {
    await openListeningShop('127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(await signIn(owner.email, `guess ${i}`, `10.66.0.${i}, 203.0.113.88`));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('from a peer that is not a trusted proxy', () => {
  for (const trusted of [undefined, '10.0.0.1']) {
    it(`a forged X-Forwarded-For changes nothing (TRUSTED_PROXIES ${trusted ?? 'unset'})`, async () => {
      await openListeningShop(trusted);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push(await signIn(owner.email, `guess ${i}`, `198.51.100.${i}`));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect(await signIn(owner.email, 'the owner password', '192.0.2.1')).toBe(429);
    });
  }
});

describe('registration', () => {
  it('40 quick registrations from one address meet a 429; another address still registers', async () => {
    await openListeningShop('127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(await post('/api/auth/register', aRegistration(), '203.0.113.99'));
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 201).length).toBeLessThan(40);
    expect(statuses.indexOf(429)).toBe(10);
    expect(await post('/api/auth/register', aRegistration(), '198.51.100.30')).toBe(201);
  });

  it('a registration for a taken e-mail counts too: 409s cannot be used to probe without limit', async () => {
    await openListeningShop();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        await post('/api/auth/register', aRegistration({ email: owner.email }), `198.51.100.${i}`),
      );
    }
    // The owner's own registration was the first from 127.0.0.1, and the forged header counts for nothing.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(409));
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
  });
});
