import { isRecord, readStorage, storageArea, writeStorage } from './persisted-store';

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

/** The draft this user left in this tab, if any; a malformed entry counts as none. */
export function loadCheckoutDraft(userId: string): CheckoutDraft | null {
  try {
    const raw: unknown = JSON.parse(readStorage(PREFIX + userId, 'session') ?? 'null');
    if (!isRecord(raw)) return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      fullName: text(raw.fullName),
      address: text(raw.address),
      city: text(raw.city),
      postalCode: text(raw.postalCode),
      phone: text(raw.phone),
      deliveryNote: text(raw.deliveryNote),
    };
  } catch {
    return null;
  }
}

/** Storage full or disabled: the form still works, it only forgets on the way back. */
export function saveCheckoutDraft(userId: string, draft: CheckoutDraft): void {
  writeStorage(PREFIX + userId, JSON.stringify(draft), 'session');
}

export function forgetCheckoutDraft(userId: string): void {
  writeStorage(PREFIX + userId, null, 'session');
}

/** On sign-out: every draft of this tab, whoever typed it. */
export function forgetCheckoutDrafts(): void {
  const kept = storageArea('session');
  if (!kept) return;
  try {
    const keys = Array.from({ length: kept.length }, (_, index) => kept.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) kept.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
