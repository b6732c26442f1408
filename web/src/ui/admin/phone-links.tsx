import { MOBILE_PATTERN, PHONE_PATTERN, phoneKey } from '@shop/contracts';
import './phone-links.css';

/**
 * A Pakistani phone number as the admin reads it: tap to call, and for a mobile a WhatsApp chat
 * (`wa.me`, which opens the app on a phone and WhatsApp Web on a laptop). Anything that is not a
 * Pakistani number ('Not provided', a foreign number) stays plain text.
 */
export function PhoneLinks({ phone }: { phone: string }) {
  const written = phone.trim();
  if (!PHONE_PATTERN.test(written)) return <>{phone}</>;
  const international = `92${phoneKey(written)}`;
  return (
    <span className="phone-links">
      <a href={`tel:+${international}`} aria-label={`Call ${written}`}>
        {written}
      </a>
      {MOBILE_PATTERN.test(written) && (
        <a
          className="phone-links__whatsapp"
          href={`https://wa.me/${international}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${written}`}
        >
          WhatsApp
        </a>
      )}
    </span>
  );
}
