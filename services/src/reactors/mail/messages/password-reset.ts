import type { ShopDetails } from '../shop-details';
import { button, html, type MessageContent } from './markup';
import { pakistanTime } from './pakistan-time';

/** The password reset: the one-hour link and what to do if it was not you. */
export function passwordReset(resetUrl: string, expiresAt: string, shop: ShopDetails): MessageContent {
  const until = pakistanTime(expiresAt);
  const text = [
    `Someone asked to reset the password of your ${shop.name} account. To choose a new password, open this link before ${until}:`,
    '',
    resetUrl,
    '',
    'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const body = html`<p>Someone asked to reset the password of your ${shop.name} account. To choose a new password, open this link before ${until}.</p>
${button(resetUrl, 'Choose a new password')}
<p>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { subject: `Reset your ${shop.name} password`, text, html: body };
}
