import { join } from 'node:path';
import type { ErrorBody, EventStore, RecordedEvent } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { SESSION_ENDED } from '../../platform/http/auth';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signIn,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';
import { RESET_LINK } from './decide';
import { passwordResetToken } from './reset-token';
import { PASSWORD_RESET, RESET_REQUESTED } from './routes';

const key = new TextEncoder().encode(TEST_SIGNING_SECRET);
let t: TestShop;
let user: SignedInUser;

async function openShopWithUser(options: Parameters<typeof openTestShop>[0] = {}) {
  t = await openTestShop(options);
  user = await registerUser(t, { email: 'maryam@example.pk', password: 'her old password' });
}
afterEach(async () => {
  await t.close();
});

const forgot = (email: string, address = '127.0.0.1') =>
  t.request<{ message: string } & ErrorBody>('POST', '/api/auth/forgot-password', {
    body: { email },
    address,
  });
const reset = (token: string, password = 'her brand new password') =>
  t.request<{ message: string } & ErrorBody>('POST', '/api/auth/reset-password', {
    body: { token, password },
  });
const login = (password: string, address = '127.0.0.1') =>
  t.request('POST', '/api/auth/login', { body: { email: user.email, password }, address });

async function resetRequests(userId = user.id): Promise<RecordedEvent[]> {
  await t.deps.background.idle();
  return (await t.deps.store.readStream(`user-${userId}`)).filter((e) => e.type === 'PasswordResetRequested');
}

/** Asks for a reset of the user's password and answers the link's token, as the e-mail would carry it. */
async function aResetLink(): Promise<string> {
  expect((await forgot(user.email)).status).toBe(202);
  const request = (await resetRequests()).at(-1)!;
  return passwordResetToken(key, (request.data as { requestId: string }).requestId);
}

describe('POST /api/auth/forgot-password', () => {
  it('answers 202 with the same body for a known and an unknown e-mail', async () => {
    await openShopWithUser();
    const known = await forgot('Maryam@Example.pk');
    const unknown = await forgot('nobody@example.pk');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual({ message: RESET_REQUESTED });
    expect(unknown.body).toEqual(known.body);
  });

  it('appends PasswordResetRequested to a known user’s stream, and nothing for an unknown e-mail', async () => {
    await openShopWithUser();
    const head = await t.deps.store.headPosition();
    await forgot('nobody@example.pk');
    await t.deps.background.idle();
    expect(await t.deps.store.headPosition()).toBe(head);
    await forgot('maryam@example.pk');
    const [requested, ...more] = await resetRequests();
    expect(more).toEqual([]);
    expect(requested!.data).toEqual({
      userId: user.id,
      requestId: expect.any(String),
      email: 'maryam@example.pk',
      expiresAt: '2024-05-02T09:00:00.000Z',
      at: '2024-05-02T08:00:00.000Z',
    });
  });

  it('answers before the request is written: a known e-mail takes no longer than an unknown one', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    await openShopWithUser({
      openStore: (dataDir: string): EventStore => {
        const inner = openSqliteEventStore({ path: join(dataDir, 'events.sqlite'), durability: 'relaxed' });
        return new Proxy(inner, {
          get(target, property, receiver) {
            const value = Reflect.get(target, property, receiver);
            if (property !== 'append') return typeof value === 'function' ? value.bind(target) : value;
            return async (...args: Parameters<EventStore['append']>) => {
              if (holding) await held;
              return target.append(...args);
            };
          },
        });
      },
    });
    holding = true;
    const written = (await t.deps.store.readStream(`user-${user.id}`)).length;
    expect((await forgot(user.email)).status).toBe(202);
    expect(await t.deps.store.readStream(`user-${user.id}`)).toHaveLength(written);
    release();
    expect(await resetRequests()).toHaveLength(1);
  });

  it('never makes the owner wait for requests made from other networks (asked four times from four networks)', async () => {
    await openShopWithUser();
    const attacker = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    for (const network of attacker) expect((await forgot(user.email, network)).status).toBe(202);
    const own = await forgot(user.email, '203.0.113.77');
    expect([own.status, own.headers.get('retry-after'), own.body]).toEqual([
      202,
      null,
      { message: RESET_REQUESTED },
    ]);
  });

  it('throttles per (e-mail, network), known e-mail or not, with Retry-After, while other networks go on', async () => {
    await openShopWithUser();
    for (const [email, network] of [
      [user.email, '10.0.0.9'],
      ['nobody@example.pk', '10.2.0.9'],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await forgot(email, network)).status).toBe(202);
      const throttled = await forgot(email.toUpperCase(), network);
      expect([throttled.status, throttled.headers.get('retry-after'), throttled.body]).toEqual([
        429,
        '60',
        {
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many password reset requests. Please try again in 1 minute.',
        },
      ]);
      expect((await forgot(email, '10.1.0.9')).status).toBe(202);
    }
    t.clock.advance(60_000);
    expect((await forgot(user.email, '10.0.0.9')).status).toBe(202);
  });

  it('sends a mailbox at most 3 links an hour, silently: the fourth request is answered 202 and sends nothing', async () => {
    await openShopWithUser();
    for (let i = 0; i < 3; i++) expect((await forgot(user.email, `10.0.${i}.1`)).status).toBe(202);
    expect(await resetRequests()).toHaveLength(3);
    const beyond = await forgot(user.email, '10.0.3.1');
    expect([beyond.status, beyond.body]).toEqual([202, { message: RESET_REQUESTED }]);
    expect(await resetRequests()).toHaveLength(3);
    // One more may go each 20 minutes: the newest link in the mailbox always works meanwhile.
    t.clock.advance(19 * 60_000);
    await forgot(user.email, '10.0.4.1');
    expect(await resetRequests()).toHaveLength(3);
    t.clock.advance(60_000);
    await forgot(user.email, '10.0.5.1');
    expect(await resetRequests()).toHaveLength(4);
  });

  it('throttles per client network whatever e-mails it asks for', async () => {
    await openShopWithUser();
    for (let i = 0; i < 5; i++)
      expect((await forgot(`someone${i}@example.pk`, '203.0.113.5')).status).toBe(202);
    const throttled = await forgot('someone-else@example.pk', '203.0.113.5');
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '10']);
    expect((await forgot('someone-else@example.pk', '198.51.100.1')).status).toBe(202);
  });

  it('refuses a body without a valid e-mail with 400', async () => {
    await openShopWithUser();
    const response = await t.request<ErrorBody>('POST', '/api/auth/forgot-password', {
      body: { email: 'x' },
    });
    expect([response.status, response.body.fields?.[0]?.field]).toEqual([400, 'email']);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once: the old one, the old sessions and the link are refused after', async () => {
    await openShopWithUser();
    const laptop = await signIn(t, user.email, 'her old password');
    const token = await aResetLink();
    const response = await reset(token);
    expect([response.status, response.body]).toEqual([200, { message: PASSWORD_RESET }]);
    expect((await login('her brand new password')).status).toBe(200);
    expect((await login('her old password')).status).toBe(401);
    for (const old of [user.token, laptop.token]) {
      const read = await t.request<ErrorBody>('GET', '/api/users/profile', { token: old });
      expect([read.status, read.body.message]).toEqual([401, SESSION_ENDED]);
    }
    const again = await reset(token, 'yet another password');
    expect([again.status, again.body.message, again.body.fields]).toEqual([
      400,
      RESET_LINK.used,
      [{ field: 'token', message: RESET_LINK.used }],
    ]);
    expect((await login('yet another password')).status).toBe(401);
  });

  it('keeps the sessions it ended, and its link, refused after a restart, even with rebuilt read models', async () => {
    await openShopWithUser();
    const laptop = await signIn(t, user.email, 'her old password');
    const token = await aResetLink();
    expect((await reset(token)).status).toBe(200);
    const after = await signIn(t, user.email, 'her brand new password');
    for (const options of [{}, { freshReadModels: true }]) {
      await t.restart(options);
      for (const old of [user.token, laptop.token]) {
        const read = await t.request<ErrorBody>('GET', '/api/users/profile', { token: old });
        expect([read.status, read.body.message]).toEqual([401, SESSION_ENDED]);
      }
      expect((await t.request('GET', '/api/users/profile', { token: after.token })).status).toBe(200);
      expect((await reset(token, 'yet another password')).body.message).toBe(RESET_LINK.used);
    }
  });

  it('works until the hour is up, and not a millisecond after', async () => {
    await openShopWithUser();
    const first = await aResetLink();
    t.clock.advance(60 * 60_000 - 1);
    expect((await reset(first)).status).toBe(200);
    const second = await aResetLink();
    t.clock.advance(60 * 60_000);
    const expired = await reset(second, 'too late a password');
    expect([expired.status, expired.body.message]).toEqual([400, RESET_LINK.expired]);
    expect((await login('too late a password')).status).toBe(401);
  });

  it('refuses a forged, unknown or malformed token with 400 and changes nothing', async () => {
    await openShopWithUser();
    const token = await aResetLink();
    const head = await t.deps.store.headPosition();
    const forged = [
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      passwordResetToken(
        new TextEncoder().encode('another-signing-key-of-32-characters!'),
        token.split('.')[0]!,
      ),
      passwordResetToken(key, 'a-request-nobody-made'),
      'no-dot-at-all',
      `.${token.split('.')[1]}`,
    ];
    for (const attempt of forged) {
      const response = await reset(attempt);
      expect([response.status, response.body.message], attempt).toEqual([400, RESET_LINK.invalid]);
    }
    const empty = await t.request<ErrorBody>('POST', '/api/auth/reset-password', {
      body: { password: 'long enough' },
    });
    expect([empty.status, empty.body.fields?.[0]?.field]).toEqual([400, 'token']);
    expect(await t.deps.store.headPosition()).toBe(head);
    expect((await reset(token)).status).toBe(200);
  });

  it('holds a new password to the registration rules, and the link stays usable', async () => {
    await openShopWithUser();
    const token = await aResetLink();
    const short = await reset(token, 'short');
    expect([short.status, short.body.fields]).toEqual([
      400,
      [{ field: 'password', message: 'Password must be at least 8 characters' }],
    ]);
    expect((await reset(token)).status).toBe(200);
  });

  it('refuses a common password, as registration does, before the link is spent', async () => {
    await openShopWithUser();
    const token = await aResetLink();
    const common = await reset(token, 'password123');
    expect([common.status, common.body.fields]).toEqual([
      400,
      [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }],
    ]);
    expect((await login('password123')).status).toBe(401);
    expect((await reset(token)).status).toBe(200);
    expect((await login('her brand new password')).status).toBe(200);
  });

  it('refuses a link asked for before the password was changed another way', async () => {
    await openShopWithUser();
    const token = await aResetLink();
    const changed = await t.request('PUT', '/api/users/profile', {
      token: user.token,
      body: { password: 'changed in the profile', currentPassword: 'her old password' },
    });
    expect(changed.status).toBe(200);
    const response = await reset(token);
    expect([response.status, response.body.message]).toEqual([400, RESET_LINK.superseded]);
  });

  it('forgives the owner’s failed sign-ins from where she reset it', async () => {
    await openShopWithUser();
    for (let i = 0; i < 5; i++) await login(`forgotten ${i}`);
    expect((await login('her old password')).status).toBe(429);
    expect((await reset(await aResetLink())).status).toBe(200);
    expect((await login('her brand new password')).status).toBe(200);
  });
});
