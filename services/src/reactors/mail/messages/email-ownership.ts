import type { ShopDetails } from '../shop-details';
import { button, html, type MessageContent } from './markup';
import { pakistanTime } from './pakistan-time';

/**
 * The link that proves an account's address. It quotes nothing the account's holder typed: whoever
 * registered may not be the mailbox's owner.
 */
export function emailVerification(verifyUrl: string, expiresAt: string, shop: ShopDetails): MessageContent {
  const until = pakistanTime(expiresAt);
  const text = [
    `An account at ${shop.name} was opened with this e-mail address. If it is yours, confirm the address by opening this link before ${until}:`,
    '',
    verifyUrl,
    '',
    `Until then ${shop.name} sends this address nothing else. If you did not open an account, ignore this e-mail.`,
  ].join('\n');
  const body = html`<p>An account at ${shop.name} was opened with this e-mail address. If it is yours, confirm the address by opening this link before ${until}.</p>
${button(verifyUrl, 'Verify my e-mail address')}
<p>Until then ${shop.name} sends this address nothing else. If you did not open an account, ignore this e-mail.</p>`;
  return { subject: `Verify your e-mail address for ${shop.name}`, text, html: body };
}

/** The link that lets the owner of an address take it back from an account that never verified it. */
export function emailClaim(claimUrl: string, expiresAt: string, shop: ShopDetails): MessageContent {
  const until = pakistanTime(expiresAt);
  const text = [
    `Someone asked to open a ${shop.name} account with this e-mail address, which another account holds without ever having verified it. If you asked, open this link before ${until}: your account is made with this address, and the other account loses it.`,
    '',
    claimUrl,
    '',
    'If you did not ask, ignore this e-mail: nothing changes.',
  ].join('\n');
  const body = html`<p>Someone asked to open a ${shop.name} account with this e-mail address, which another account holds without ever having verified it. If you asked, open this link before ${until}: your account is made with this address, and the other account loses it.</p>
${button(claimUrl, 'Verify and make my account')}
<p>If you did not ask, ignore this e-mail: nothing changes.</p>`;
  return { subject: `Claim your e-mail address at ${shop.name}`, text, html: body };
}
