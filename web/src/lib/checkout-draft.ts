import { isRecord } from './persisted-store';

/**
 * The shipping details a shopper has typed at checkout, kept for this tab per signed-in user so that
 * going back to the cart and forward again finds them where they were. Kept in sessionStorage, not
 * localStorage: an address should not outlive the tab on a shared device. Forgotten once the order
 * is placed and on sign-out.
 */
export interface CheckoutDraft {
  fullName: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string;
  deliveryNote: string;
}

const PREFIX = 'shop.checkout-draft.';
const FIELDS = ['fullName', 'address', 'city', 'postalCode', 'phone', 'deliveryNote'] as const;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The draft this user left in this tab, if any; a malformed entry counts as none. */
export function loadCheckoutDraft(userId: string): CheckoutDraft | null {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(PREFIX + userId) ?? 'null');
    if (!isRecord(raw)) return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return Object.fromEntries(FIELDS.map((field) => [field, text(raw[field])])) as unknown as CheckoutDraft;
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(userId: string, draft: CheckoutDraft): void {
  try {
    storage()?.setItem(PREFIX + userId, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, it only forgets on the way back.
  }
}

export function forgetCheckoutDraft(userId: string): void {
  try {
    storage()?.removeItem(PREFIX + userId);
  } catch {
    // Nothing was kept.
  }
}

/** On sign-out: every draft of this tab, whoever typed it. */
export function forgetCheckoutDrafts(): void {
  const kept = storage();
  if (!kept) return;
  try {
    const keys = Array.from({ length: kept.length }, (_, index) => kept.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) kept.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
