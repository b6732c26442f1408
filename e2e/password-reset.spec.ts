import { describe, expect } from 'vitest';
import { visible } from './support/fixtures';
import { mailTest as test } from './support/mail';
import { ShopApi } from './support/shop-api';

const OLD_PASSWORD = 'hina-old-pass-1';
const NEW_PASSWORD = 'hina-new-pass-2';

describe('password reset', () => {
  test('a shopper asks for a link, opens it from the e-mail, sets a new password and signs in with it', async ({
    server,
    inbox,
    page,
  }) => {
    const api = new ShopApi(server.url);
    const shopper = await api.register(
      'Hina Qureshi',
      'hina.reset@example.com',
      '0300-1112233',
      OLD_PASSWORD,
    );
    const main = page.getByRole('main');

    // Asking for the link: the page answers the same whether or not an account uses the e-mail.
    await page.goto('/forgot-password');
    await visible(main.getByRole('heading', { level: 1, name: 'Forgot your password?' }));
    await main.getByLabel('Email').fill(shopper.email);
    await main.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await visible(main.getByRole('status'));
    expect(await sent.textContent()).toBe(
      'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for one hour.',
    );

    // The link is the one in the e-mail the SMTP server received, and it opens this shop.
    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe('Reset your Apex Athletics password');
    const link = mail!.links.find((href) => href.startsWith(`${server.url}/reset-password?token=`));
    expect(link, `no reset link in: ${mail!.links.join(', ')}`).toBeDefined();

    await page.goto(link!);
    await visible(main.getByRole('heading', { level: 1, name: 'Choose a new password' }));
    await main.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Set new password' }).click();

    // On to sign-in, which says the password changed.
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('reset') === 'done');
    const changed = await visible(main.getByRole('status'));
    expect(await changed.textContent()).toBe(
      'Your password has been changed. Sign in with your new password.',
    );

    // The old password is refused on the form, and the visitor stays signed out.
    await main.getByLabel('Email').fill(shopper.email);
    await main.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD);
    await main.getByRole('button', { name: 'Sign in' }).click();
    const refused = await visible(main.getByRole('alert'));
    expect(await refused.textContent()).toBe('The e-mail or password is not correct.');
    expect(new URL(page.url()).pathname).toBe('/login');
    const header = page.getByRole('banner');
    await visible(header.getByRole('link', { name: 'Sign in' }));

    // The new one signs her in: the header offers her profile and signing out, and the profile is hers.
    await main.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(header.getByRole('button', { name: 'Sign out' }));
    await header.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await visible(main.getByRole('heading', { level: 2, name: 'Hina Qureshi' }));
    await visible(main.getByText(shopper.email, { exact: true }));

    // The same link a second time is refused, with the way to a new one.
    await page.goto(link!);
    await main.getByLabel(/^New password/).fill('hina-third-pass-3');
    await main.getByRole('button', { name: 'Set new password' }).click();
    const used = await visible(main.getByRole('alert'));
    expect(await used.textContent()).toBe(
      'This password reset link has already been used. Please ask for a new one if you need to.',
    );
    await visible(main.getByRole('link', { name: 'Ask for a new link' }));
    expect(inbox.to(shopper.email)).toHaveLength(1);
  });
});
