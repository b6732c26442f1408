import { phoneKey } from '@shop/contracts';

/**
 * Who may be an affiliate, and who may use an affiliate's code (decision 027). Pure: the handlers
 * read the figures and identities from the read models.
 */

export const NEEDS_ORDER_AND_REVIEW_MESSAGE =
  'Please receive one order and review it before applying: an affiliate needs one delivered order and one review.';

/** An affiliate needs one delivered order and one (verified) review. */
export function mayApplyAsAffiliate(record: { deliveredOrders: number; verifiedReviews: number }): boolean {
  return record.deliveredOrders > 0 && record.verifiedReviews > 0;
}

/** An e-mail address reduced to one mailbox: any case, `+tags`, and Gmail's dots. */
export function normaliseEmail(email: string): string {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 1) return text;
  let local = text.slice(0, at).replace(/\+.*/, '');
  let domain = text.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/**
 * A delivery address reduced to its words and numbers, with its city ("House 5, St. 3" and
 * "house 5 st 3" are one address); empty when there is no address.
 */
export function addressKey(address: { address: string; city: string }): string {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .join(' ');
  const street = words(address.address);
  return street === '' ? '' : `${street} | ${words(address.city)}`;
}

/** What identifies a person to the shop: her phones, e-mails and delivery addresses, as written. */
export interface Identity {
  phones: readonly string[];
  emails: readonly string[];
  addresses: readonly { address: string; city: string }[];
}

/** The first thing two identities share, normalised (empty values never match), or null. */
export function sharedIdentity(a: Identity, b: Identity): 'phone' | 'email' | 'address' | null {
  const overlap = (left: readonly string[], right: readonly string[]) => {
    const keys = new Set(left.filter(Boolean));
    return right.some((key) => keys.has(key));
  };
  if (overlap(a.phones.map(phoneKey), b.phones.map(phoneKey))) return 'phone';
  if (overlap(a.emails.map(normaliseEmail), b.emails.map(normaliseEmail))) return 'email';
  if (overlap(a.addresses.map(addressKey), b.addresses.map(addressKey))) return 'address';
  return null;
}

/** Why a code is refused to someone who shares the affiliate's identity. */
export const SELF_REFERRAL_MESSAGE = {
  phone:
    "This affiliate code cannot be used: the order shares the affiliate's phone number. Affiliates cannot use their own code.",
  email:
    "This affiliate code cannot be used: the account shares the affiliate's e-mail address. Affiliates cannot use their own code.",
  address:
    "This affiliate code cannot be used: the order shares the affiliate's delivery address. Affiliates cannot use their own code.",
} as const;
