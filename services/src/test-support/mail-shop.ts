import type { MessagesStatus } from '@shop/contracts';
import { type MailSettings, outboxFolder } from '../reactors/mail/mail-settings';
import type { SmtpInbox } from './smtp-inbox';
import type { SignedInUser, TestShop } from './test-shop';

/** Where the test shops' links point. */
export const TEST_PUBLIC_URL = 'https://shop.example.pk';

/** A quick outbox for tests: it polls often; the test's clock decides when leases end and retries come. */
export function testMailSettings(inbox: SmtpInbox | undefined): (dataDir: string) => MailSettings {
  return (dataDir) => ({
    ...(inbox ? { smtpUrl: inbox.url } : {}),
    from: 'Apex Athletics <orders@shop.example.pk>',
    publicUrl: TEST_PUBLIC_URL,
    outboxDir: outboxFolder(dataDir),
    timing: {
      pollMs: 25,
      leaseMs: 60_000,
      concurrency: 4,
      retry: { firstDelayMs: 30_000, maxDelayMs: 10 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 },
    },
  });
}

/** The admin's e-mail counts (`GET /api/admin/messages`). */
async function emailCounts(t: TestShop, admin: SignedInUser) {
  const response = await t.request<MessagesStatus>('GET', '/api/admin/messages', { token: admin.token });
  if (response.status !== 200) throw new Error(`GET /api/admin/messages answered ${response.status}`);
  return response.body.channels.find((channel) => channel.channel === 'email')!;
}

/** Waits until the admin's counts satisfy `condition` (the read model follows the log). */
export async function waitForCounts(
  t: TestShop,
  admin: SignedInUser,
  condition: (counts: Awaited<ReturnType<typeof emailCounts>>) => boolean,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await emailCounts(t, admin);
    if (condition(counts)) return counts;
    if (Date.now() > deadline) throw new Error(`e-mail counts never matched: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
