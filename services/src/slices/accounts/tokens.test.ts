import type { ErrorBody } from '@shop/contracts';
import { SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { handleChangeRole } from './account-commands';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const NOT_VALID = 'Your sign-in is not valid. Please sign in again.';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const profileWith = (token: string) => t.request<ErrorBody>('GET', '/api/users/profile', { token });

describe('bearer tokens', () => {
  it('answers 401 to a malformed Authorization header', async () => {
    const response = await t.request<ErrorBody>('GET', '/api/users/profile', {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect([response.status, response.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('answers 401 to a token whose claims were altered (e.g. made admin), keeping the signature', async () => {
    const customer = await registerUser(t);
    // Even right after the genuine token was accepted (and its check remembered).
    expect((await profileWith(customer.token)).status).toBe(200);
    const [header, , signature] = customer.token.split('.');
    const forged = `${header}.${base64url({ ...claimsOf(customer.token), role: 'admin' })}.${signature}`;
    const response = await t.request<ErrorBody>('GET', '/api/admin/users', { token: forged });
    expect([response.status, response.body.message]).toEqual([401, NOT_VALID]);
  });

  it("answers 401 to an unsigned token (alg 'none')", async () => {
    const admin = await signInAdmin(t);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claimsOf(admin.token))}.`;
    const response = await t.request<ErrorBody>('GET', '/api/admin/users', { token: unsigned });
    expect([response.status, response.body.message]).toEqual([401, NOT_VALID]);
  });

  it('answers 401 to a token signed with another secret', async () => {
    const customer = await registerUser(t);
    expect((await profileWith(customer.token)).status).toBe(200);
    const foreign = await new SignJWT(claimsOf(customer.token))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-to-use'));
    expect((await profileWith(foreign)).status).toBe(401);
  });

  it('answers 401 to an expired token, saying the session expired', async () => {
    const customer = await registerUser(t);
    expect((await profileWith(customer.token)).status).toBe(200);
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    const response = await profileWith(customer.token);
    expect([response.status, response.body.message]).toEqual([
      401,
      'Your session has expired. Please sign in again.',
    ]);
  });
});

describe('roles are read from the customers read model on every call', () => {
  it('a demoted admin loses admin access at once, with the same token', async () => {
    const admin = await signInAdmin(t);
    expect((await t.request('GET', '/api/admin/users', { token: admin.token })).status).toBe(200);
    await handleChangeRole(t.deps, admin.id, false, 'system');
    const response = await t.request<ErrorBody>('GET', '/api/admin/users', { token: admin.token });
    expect([response.status, response.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await profileWith(admin.token)).status).toBe(200);
  });

  it('a promoted customer gains admin access at once', async () => {
    const customer = await registerUser(t);
    expect((await t.request('GET', '/api/admin/users', { token: customer.token })).status).toBe(403);
    await handleChangeRole(t.deps, customer.id, true, 'system');
    expect((await t.request('GET', '/api/admin/users', { token: customer.token })).status).toBe(200);
  });
});
