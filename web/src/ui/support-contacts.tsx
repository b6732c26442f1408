import { shopConfig } from '@shop/contracts';
import './pages.css';

/** The shop's support phone, e-mail and live chat, always from the shop configuration. */
export function SupportContacts() {
  const { phone, email, liveChat } = shopConfig.support;
  return (
    <address className="support-contacts">
      <p>
        <span className="support-contacts__label">Phone</span>
        <a href={`tel:${phone.replaceAll(' ', '')}`}>{phone}</a>
      </p>
      <p>
        <span className="support-contacts__label">E-mail</span>
        <a href={`mailto:${email}`}>{email}</a>
      </p>
      <p>
        <span className="support-contacts__label">Chat</span>
        <span>{liveChat}</span>
      </p>
    </address>
  );
}
