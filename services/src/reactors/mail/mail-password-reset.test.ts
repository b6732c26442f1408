import { type ErrorBody, type EventData, uuidv7 } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { SESSION_ENDED } from '../../platform/http/auth';
import { RESET_LINK } from '../../slices/accounts/decide';
import { requestIdOfResetToken } from '../../slices/accounts/reset-token';
import { PASSWORD_RESET } from '../../slices/accounts/routes';
import { TEST_PUBLIC_URL } from '../../test-support/mail-shop';
import { registerUser, signIn, TEST_SIGNING_SECRET } from '../../test-support/test-shop';
import { inbox, it, t, useMailShop } from './mail-test-kit';

useMailShop();

describe('e-mail to a real SMTP server', () => {
  it('sends the password reset link, whose token names the request', async () => {
    const shopper = await registerUser(t, { name: 'Bilal' });
    const requestId = uuidv7();
    const data: EventData<'PasswordResetRequested'> = {
      userId: shopper.id,
      requestId,
      email: shopper.email,
      expiresAt: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
      at: t.clock.now().toISOString(),
    };
    await t.deps.store.append(`password-reset-${requestId}`, [{ type: 'PasswordResetRequested', data }]);

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe('Reset your Apex Athletics password');
    expect(mail!.text).toContain('Hello Bilal,');
    expect(mail!.text).toContain('before 2 May 2024 at 2:00 pm (Pakistan time)');
    const link = mail!.links.find((href) => href.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`));
    const token = new URL(link!).searchParams.get('token')!;
    expect(requestIdOfResetToken(new TextEncoder().encode(TEST_SIGNING_SECRET), token)).toBe(requestId);
    expect(mail!.html).toContain(`href="${link}"`);
  });

  it('resets a password with the link from the e-mail: the new password signs in; the old one, the old sessions and the link again are refused', async () => {
    const shopper = await registerUser(t, { name: 'Maryam', password: 'her old password' });
    const laptop = await signIn(t, shopper.email, 'her old password');
    const login = (password: string) =>
      t.request<ErrorBody>('POST', '/api/auth/login', { body: { email: shopper.email, password } });

    const asked = await t.request('POST', '/api/auth/forgot-password', { body: { email: shopper.email } });
    expect(asked.status).toBe(202);

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe('Reset your Apex Athletics password');
    const links = mail!.links.filter((href) => href.startsWith(`${TEST_PUBLIC_URL}/reset-password?`));
    expect(links).toHaveLength(1);
    const token = new URL(links[0]!).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = (password: string) =>
      t.request<{ message: string } & ErrorBody>('POST', '/api/auth/reset-password', {
        body: { token, password },
      });
    const done = await reset('her brand new password');
    expect([done.status, done.body.message]).toEqual([200, PASSWORD_RESET]);

    // signIn fails unless the shop answers 200; the new session reads the shopper's own profile.
    const fresh = await signIn(t, shopper.email, 'her brand new password');
    const profile = await t.request('GET', '/api/users/profile', { token: fresh.token });
    expect([profile.status, profile.body.email, profile.body.name]).toEqual([200, shopper.email, 'Maryam']);

    const old = await login('her old password');
    expect(old.status).toBe(401);

    // The session from registration and one signed in on another device before the reset both ended.
    for (const before of [shopper.token, laptop.token]) {
      const read = await t.request<ErrorBody>('GET', '/api/users/profile', { token: before });
      expect([read.status, read.body.message]).toEqual([401, SESSION_ENDED]);
    }

    const again = await reset('yet another password');
    expect([again.status, again.body.message]).toEqual([400, RESET_LINK.used]);
    expect((await login('yet another password')).status).toBe(401);
    expect((await login('her brand new password')).status).toBe(200);
    expect(inbox.to(shopper.email)).toHaveLength(1);
  });
});
