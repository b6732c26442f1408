import { SmtpInbox } from '@shop/services/test-support/smtp-inbox';
import { test } from './fixtures';
import { startServer } from './server';

/**
 * Browser tests that read the shop's e-mail: the file's shop sends to a real SMTP server started for
 * the file (`inbox`), and the links in its messages open that shop (PUBLIC_URL is its address).
 */
export const mailTest = test
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads fixture dependencies from this pattern.
  .extend('inbox', { scope: 'file' }, async ({}, { onCleanup }): Promise<SmtpInbox> => {
    const inbox = await SmtpInbox.start();
    onCleanup(() => inbox.down());
    return inbox;
  })
  .extend('server', { scope: 'file' }, async ({ inbox }, { onCleanup }) => {
    const server = await startServer({
      env: { SMTP_URL: inbox.url, MAIL_FROM: 'Apex Athletics <orders@example.pk>' },
    });
    onCleanup(() => server.stop());
    return server;
  });

/**
 * Follows the verification link the shop mailed to `email` at registration, as the shopper would:
 * until then the shop sends the address no order e-mails.
 */
export async function verifyFromInbox(inbox: SmtpInbox, serverUrl: string, email: string): Promise<void> {
  const prefix = `${serverUrl}/verify-email?token=`;
  const linkIn = () =>
    inbox
      .addressLinksTo(email)
      .flatMap((mail) => mail.links)
      .find((href) => href.startsWith(prefix));
  await inbox.waitUntil(() => linkIn() !== undefined);
  const token = new URL(linkIn()!).searchParams.get('token');
  const response = await fetch(`${serverUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 200) throw new Error(`verify-email answered ${response.status}`);
}
