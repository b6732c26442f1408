import type { AuthResponse, ErrorBody, User } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, type TestShop } from '../../test-support/test-shop';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';

let t: TestShop;
let user: SignedInUser;
it.beforeEach(async ({ shop }) => {
  t = shop;
  user = await registerUser(t, { name: 'Hina', email: 'hina@example.pk', contact: '0300-1111111' });
});

const update = (body: Record<string, unknown>, token = user.token) =>
  t.request<AuthResponse & ErrorBody>('PUT', '/api/users/profile', {
    body: { name: user.name, email: user.email, contact: user.contact, ...body },
    token,
  });
const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password } });

describe('GET /api/users/profile', () => {
  it('answers the signed-in user without a token or hash', async () => {
    const response = await t.request<User>('GET', '/api/users/profile', { token: user.token });
    expect(response.status).toBe(200);
    const { token: _token, password: _password, ...fields } = user;
    expect(response.body).toEqual(fields);
  });

  it('answers 401 without a token', async () => {
    expect((await t.request('GET', '/api/users/profile')).status).toBe(401);
  });
});

describe('PUT /api/users/profile', () => {
  it('changes name and contact without the current password and answers the user', async () => {
    t.clock.advance(60_000);
    const response = await update({ name: 'Hina Baig', contact: '+92 321 7654321' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: user.id,
      name: 'Hina Baig',
      contact: '+92 321 7654321',
      email: 'hina@example.pk',
      isAdmin: false,
      updatedAt: '2024-05-02T08:01:00.000Z',
      createdAt: '2024-05-02T08:00:00.000Z',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt/);
    expect(response.body).not.toHaveProperty('token');
    const profile = await t.request<User>('GET', '/api/users/profile', { token: user.token });
    expect(profile.body.name).toBe('Hina Baig');
  });

  it('needs the current password to change the e-mail: missing or wrong answers 400 and changes nothing', async () => {
    const missing = await update({ email: 'hina.baig@example.pk' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([
      { field: 'currentPassword', message: 'Enter your current password to change your e-mail or password.' },
    ]);
    const wrong = await update({ email: 'hina.baig@example.pk', currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not correct.');
    const profile = await t.request<User>('GET', '/api/users/profile', { token: user.token });
    expect(profile.body.email).toBe('hina@example.pk');
    expect((await login('hina.baig@example.pk', user.password)).status).toBe(401);
  });

  it('changes the e-mail with the current password: the new one signs in, the old one is free again', async () => {
    const response = await update({ email: 'Hina.Baig@Example.pk', currentPassword: user.password });
    expect([response.status, response.body.email]).toEqual([200, 'hina.baig@example.pk']);
    expect((await login('hina.baig@example.pk', user.password)).status).toBe(200);
    expect((await login('hina@example.pk', user.password)).status).toBe(401);
    const newcomer = await registerUser(t, { email: 'hina@example.pk' });
    expect(newcomer.email).toBe('hina@example.pk');
  });

  it('refuses an e-mail another user has, in any case, with 409 and keeps the old one', async () => {
    await registerUser(t, { email: 'taken@example.pk' });
    const response = await update({ email: 'TAKEN@example.pk', currentPassword: user.password });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this e-mail already exists.');
    expect((await login('hina@example.pk', user.password)).status).toBe(200);
  });

  it('changes the password with the current one: the new one signs in, the old one no longer does', async () => {
    const missing = await update({ password: 'a brand new secret' });
    expect(missing.status).toBe(400);
    const response = await update({ password: 'a brand new secret', currentPassword: user.password });
    expect(response.status).toBe(200);
    expect((await login(user.email, 'a brand new secret')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
  });

  it('refuses a common new password and keeps the old one', async () => {
    const response = await update({ password: 'sunshine', currentPassword: user.password });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('treats an empty new password as unchanged', async () => {
    const response = await update({ name: 'Hina B', password: '' });
    expect(response.status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('refuses bad fields with 400 naming them, and a new password under 8 characters', async () => {
    const response = await update({
      name: ' ',
      email: 'nope',
      password: 'short',
      currentPassword: user.password,
    });
    expect(response.status).toBe(400);
    expect(response.body.fields?.map((f) => f.field).sort()).toEqual(['email', 'name', 'password']);
  });

  it('never lets the profile make anyone an admin', async () => {
    const response = await update({ name: 'Hina', isAdmin: true });
    expect([response.status, response.body.isAdmin]).toEqual([200, false]);
    expect((await t.request('GET', '/api/admin/users', { token: user.token })).status).toBe(403);
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await update({ email: 'x@example.pk', currentPassword: `guess ${i}` })).status).toBe(400);
    }
    const throttled = await update({ email: 'x@example.pk', currentPassword: user.password });
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await login(user.email, 'another guess')).status).toBe(429);
  });

  it('changes only the fields it is sent', async () => {
    const change = (body: Record<string, unknown>) =>
      t.request<User>('PUT', '/api/users/profile', { body, token: user.token });
    expect((await change({ name: 'Hina Baig' })).body).toMatchObject({
      name: 'Hina Baig',
      email: 'hina@example.pk',
      contact: '0300-1111111',
    });
    expect((await change({ contact: '0321-2222222' })).body).toMatchObject({
      name: 'Hina Baig',
      contact: '0321-2222222',
    });
    expect((await change({})).status).toBe(200);
    const profile = await t.request<User>('GET', '/api/users/profile', { token: user.token });
    expect(profile.body).toMatchObject({
      name: 'Hina Baig',
      email: 'hina@example.pk',
      contact: '0321-2222222',
    });
    // Sent empty, the contact is cleared: that is a change the user asked for.
    expect((await change({ contact: '' })).body.contact).toBe('');
  });

  it('answers 401 without a token', async () => {
    const response = await t.request('PUT', '/api/users/profile', {
      body: { name: 'X', email: 'x@example.pk' },
    });
    expect(response.status).toBe(401);
  });
});
