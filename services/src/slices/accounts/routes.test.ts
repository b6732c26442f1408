import type { AuthResponse, ErrorBody, User } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { aRegistration, registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const userFields = [
  'affiliateUseCount',
  'contact',
  'createdAt',
  'email',
  'emailVerified',
  'id',
  'isAdmin',
  'name',
  'updatedAt',
];

describe('POST /api/auth/register', () => {
  it('answers 201 with the user fields and a working token, never the password', async () => {
    const registration = aRegistration({ name: '  Ayesha Khan ', email: ' Ayesha@Example.PK ' });
    const response = await t.request<AuthResponse>('POST', '/api/auth/register', { body: registration });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual([...userFields, 'token'].sort());
    expect(response.body).toMatchObject({
      name: 'Ayesha Khan',
      email: 'ayesha@example.pk',
      contact: '0300-1234567',
      isAdmin: false,
      affiliateUseCount: 0,
      createdAt: '2024-05-02T08:00:00.000Z',
      updatedAt: '2024-05-02T08:00:00.000Z',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/correct horse|scrypt/);
    const profile = await t.request<User>('GET', '/api/users/profile', { token: response.body.token });
    expect(profile.body.id).toBe(response.body.id);
  });

  it('ignores isAdmin in the body: the new user is a customer and cannot reach admin calls', async () => {
    const response = await t.request<AuthResponse>('POST', '/api/auth/register', {
      body: { ...aRegistration(), isAdmin: true },
    });
    expect([response.status, response.body.isAdmin]).toEqual([201, false]);
    const admin = await t.request('GET', '/api/admin/users', { token: response.body.token });
    expect(admin.status).toBe(403);
  });

  it('refuses a missing or malformed field with 400 naming each field', async () => {
    const empty = await t.request<ErrorBody>('POST', '/api/auth/register', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect(empty.body.fields?.map((f) => f.field).sort()).toEqual(['contact', 'email', 'name', 'password']);

    const bad = await t.request<ErrorBody>('POST', '/api/auth/register', {
      body: aRegistration({ email: 'not-an-email', password: 'short', contact: 'call me' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Email must be a valid e-mail address' },
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'contact', message: expect.stringContaining('phone number') },
      ]),
    );
  });

  it('refuses a password from the common-password list, in any capitalisation, and registers nobody', async () => {
    for (const password of ['password', 'Password', 'iloveyou', '12345678', 'qwertyuiop']) {
      const registration = aRegistration({ password });
      const response = await t.request<ErrorBody>('POST', '/api/auth/register', { body: registration });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'VALIDATION_FAILED',
        message: COMMON_PASSWORD_MESSAGE,
        fields: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }],
      });
      const login = await t.request('POST', '/api/auth/login', {
        body: { email: registration.email, password },
      });
      expect(login.status).toBe(401);
    }
    const uncommon = await t.request('POST', '/api/auth/register', {
      body: aRegistration({ password: 'Tangy-Mango-Kite-42' }),
    });
    expect(uncommon.status).toBe(201);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await t.request<ErrorBody>('POST', '/api/auth/register', { body: '{"name":' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/not valid JSON|JSON/);
  });

  it('refuses an e-mail already registered in another case with 409', async () => {
    await registerUser(t, { email: 'sana@example.pk' });
    const response = await t.request<ErrorBody>('POST', '/api/auth/register', {
      body: aRegistration({ email: 'SANA@Example.pk' }),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      code: 'CONFLICT',
      message: 'An account with this e-mail already exists.',
    });
  });

  it('lets exactly one of two simultaneous registrations of an e-mail win', async () => {
    const [a, b] = await Promise.all([
      t.request('POST', '/api/auth/register', { body: aRegistration({ email: 'race@example.pk' }) }),
      t.request('POST', '/api/auth/register', { body: aRegistration({ email: 'Race@example.pk' }) }),
    ]);
    // The loser finds the address taken (409), or held unverified by the winner and mailed a claim link (202).
    const [won, lost] = [a.status, b.status].sort();
    expect([won, [202, 409].includes(lost!)]).toEqual([201, true]);
    const admin = await signInAdmin(t);
    const users = await t.request<User[]>('GET', '/api/admin/users', { token: admin.token });
    expect(users.body.filter((u) => u.email === 'race@example.pk')).toHaveLength(1);
  });
});

describe('POST /api/auth/login', () => {
  it('answers the user fields and a token for the right password, whatever the e-mail case', async () => {
    const user = await registerUser(t, { email: 'login@example.pk' });
    const response = await t.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: 'LOGIN@example.pk', password: user.password },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([...userFields, 'token'].sort());
    expect(response.body.id).toBe(user.id);
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt|correct horse/);
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const user = await registerUser(t);
    const wrong = await t.request<ErrorBody>('POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong password' },
    });
    const unknown = await t.request<ErrorBody>('POST', '/api/auth/login', {
      body: { email: 'nobody@example.pk', password: 'wrong password' },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('The e-mail or password is not correct.');
  });

  it('refuses a body without e-mail or password with 400 naming both', async () => {
    const response = await t.request<ErrorBody>('POST', '/api/auth/login', { body: { email: '' } });
    expect(response.status).toBe(400);
    expect(response.body.fields?.map((f) => f.field).sort()).toEqual(['email', 'password']);
  });
});

describe('sign-in throttling (in-process; over a socket: throttling.test.ts)', () => {
  it('slows down guesses at one account from one address, not the owner at another', async () => {
    const user = await registerUser(t);
    const guess = (i: number) =>
      t.request<ErrorBody>('POST', '/api/auth/login', {
        body: { email: user.email, password: `guess ${i}` },
        address: '10.0.0.9',
      });
    for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(401);
    const throttled = await guess(5);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(throttled.body).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many sign-in attempts. Please try again in 1 second.',
    });
    const right = { email: user.email, password: user.password };
    expect((await t.request('POST', '/api/auth/login', { body: right, address: '10.0.1.1' })).status).toBe(
      200,
    );
    // The wait doubles with each further failure: 1 s, then 2 s.
    t.clock.advance(1_000);
    expect((await guess(6)).status).toBe(401);
    t.clock.advance(1_999);
    expect((await guess(7)).headers.get('retry-after')).toBe('1');
    t.clock.advance(1);
    expect((await t.request('POST', '/api/auth/login', { body: right, address: '10.0.0.9' })).status).toBe(
      200,
    );
  });
});

describe('GET /api/admin/users', () => {
  it('answers every customer with the user fields, never a password hash', async () => {
    const customer = await registerUser(t, { name: 'Bilal' });
    const admin = await signInAdmin(t);
    const response = await t.request<User[]>('GET', '/api/admin/users', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.map((u) => [u.name, u.isAdmin])).toEqual([
      ['Bilal', false],
      ['Shop Admin', true],
    ]);
    for (const user of response.body) expect(Object.keys(user).sort()).toEqual(userFields);
    expect(response.body[0]).toEqual(
      expect.objectContaining({ id: customer.id, email: customer.email, affiliateUseCount: 0 }),
    );
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt|password/i);
  });

  it('answers 401 without a token and 403 to a customer', async () => {
    const customer = await registerUser(t);
    expect((await t.request('GET', '/api/admin/users')).status).toBe(401);
    const forbidden = await t.request<ErrorBody>('GET', '/api/admin/users', { token: customer.token });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});
