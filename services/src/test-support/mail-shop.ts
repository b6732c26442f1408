import type { ChannelMessages, MessageChannel, MessagesStatus } from '@shop/contracts';
import { type MailSettings, outboxFolder } from '../platform/config/mail-settings';
import { test as shopTest } from './shop-test';
import { SmtpInbox, type SmtpInboxOptions } from './smtp-inbox';
import type { SignedInUser, TestShop, TestShopOptions } from './test-shop';

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

/**
 * The shop test with e-mail on: an SMTP inbox (started with `inboxOptions`, none by default) that the
 * shop sends to with testMailSettings. The inbox goes down after the shop has closed. A file that
 * needs more of the shop overrides `shopOptions`, keeping `mail: testMailSettings(inbox)`.
 */
export const mailTest = shopTest
  .extend<{ inboxOptions: SmtpInboxOptions; inbox: SmtpInbox }>({
    inboxOptions: {},
    inbox: async ({ inboxOptions }, use) => {
      const inbox = await SmtpInbox.start(inboxOptions);
      await use(inbox);
      await inbox.down();
    },
  })
  .extend<{ shopOptions: TestShopOptions }>({
    shopOptions: async ({ inbox }, use) => {
      await use({ mail: testMailSettings(inbox) });
    },
  });

/** A channel's counts as the admin sees them (`GET /api/admin/messages`). */
async function channelCounts(t: TestShop, admin: SignedInUser, channel: MessageChannel) {
  const response = await t.request<MessagesStatus>('GET', '/api/admin/messages', { token: admin.token });
  if (response.status !== 200) throw new Error(`GET /api/admin/messages answered ${response.status}`);
  return response.body.channels.find((counts) => counts.channel === channel)!;
}

/** Waits until the admin's counts of a channel (e-mail unless told) satisfy `condition`. */
export async function waitForCounts(
  t: TestShop,
  admin: SignedInUser,
  condition: (counts: ChannelMessages) => boolean,
  { channel = 'email', timeoutMs = 10_000 }: { channel?: MessageChannel; timeoutMs?: number } = {},
): Promise<ChannelMessages> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await channelCounts(t, admin, channel);
    if (condition(counts)) return counts;
    if (Date.now() > deadline) throw new Error(`${channel} counts never matched: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
