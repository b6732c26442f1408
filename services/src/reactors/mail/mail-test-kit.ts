import { mailTest } from '../../test-support/mail-shop';
import type { SmtpInbox } from '../../test-support/smtp-inbox';
import { type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

/** The e-mail tests' shop: its inbox refuses every address at refused.example.pk for good. */
export const it = mailTest;

// The inbox, the shop and its admin, set before each test by useMailShop; imported as live bindings.
export let inbox: SmtpInbox;
export let t: TestShop;
export let admin: SignedInUser;

/** Opens the shop with e-mail on for each test of the file, with the admin signed in. */
export function useMailShop() {
  it.override('inboxOptions', { refuse: (address) => address.endsWith('@refused.example.pk') });
  it.beforeEach(async ({ inbox: started, shop }) => {
    inbox = started;
    t = shop;
    admin = await signInAdmin(t);
  });
}

export async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
