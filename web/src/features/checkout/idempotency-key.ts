/**
 * One Idempotency-Key per checkout attempt, kept for this tab until an order is placed. A double
 * click, a retry after a lost answer, or a reload all send the same key, so the server places at most
 * one order; a refused attempt frees the key on the server, so the same key may try again.
 */
const STORAGE_KEY = 'shop.checkout-key';

let inMemory: string | null = null;

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function read(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return inMemory;
  }
}

function write(key: string | null): void {
  inMemory = key;
  try {
    if (key === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // Storage unavailable: the in-memory key still covers double clicks and retries on this page.
  }
}

/** The key of the current checkout attempt, created on first use. */
export function checkoutAttemptKey(): string {
  const existing = read() ?? inMemory;
  if (existing) return existing;
  const key = randomKey();
  write(key);
  return key;
}

/** After an order is placed: the next checkout is a new attempt. */
export function endCheckoutAttempt(): void {
  write(null);
}
