import type { ShopInfo } from '@shop/contracts';
import { useShopInfo } from '../lib/shop-info';
import './pages.css';

/** `tel:` link target: the number without spaces or dashes. */
export const telHref = (phone: string) => `tel:${phone.replace(/[\s-]/g, '')}`;

/** The shop's support phone, e-mail and chat link, each only when configured (`GET /api/shop`). */
export function SupportContacts() {
  const support = useShopInfo()?.support;
  if (!support || !(support.phone || support.email || support.chatUrl)) return null;
  return (
    <address className="support-contacts">
      {support.phone && (
        <p>
          <span className="support-contacts__label">Phone</span>
          <a href={telHref(support.phone)}>{support.phone}</a>
        </p>
      )}
      {support.email && (
        <p>
          <span className="support-contacts__label">E-mail</span>
          <a href={`mailto:${support.email}`}>{support.email}</a>
        </p>
      )}
      {support.chatUrl && (
        <p>
          <span className="support-contacts__label">Chat</span>
          <ChatLink support={support} />
        </p>
      )}
    </address>
  );
}

/** "Chat with us" on the configured click-to-chat link (WhatsApp's, usually), in a new tab. */
export function ChatLink({ support }: { support: ShopInfo['support'] }) {
  if (!support.chatUrl) return null;
  return (
    <a href={support.chatUrl} target="_blank" rel="noopener noreferrer">
      Chat with us on WhatsApp
    </a>
  );
}

/**
 * Where to send a payment screenshot: the support e-mail and/or phone as links, or null when neither
 * is configured.
 */
export function SupportReach({ support }: { support: ShopInfo['support'] }) {
  const { email, phone } = support;
  if (!email && !phone) return null;
  return (
    <>
      {email && <a href={`mailto:${email}`}>{email}</a>}
      {email && phone && ' or '}
      {phone && <a href={telHref(phone)}>{phone}</a>}
    </>
  );
}
