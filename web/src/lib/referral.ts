import { useSyncExternalStore } from 'react';
import { createPersistedStore } from './persisted-store';

/** Codes as the server issues them; anything else in a `?ref=` is not remembered. */
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;

/**
 * How checkout sends an affiliate code: trimmed and upper-cased
 * (docs/rules/reviews-and-affiliates.md#affiliate-codes).
 */
export const normaliseAffiliateCode = (raw: string): string => raw.trim().toUpperCase();

function parseCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const code = normaliseAffiliateCode(String(raw));
  return CODE_PATTERN.test(code) ? code : undefined;
}

/** The affiliate code of the last tracking link (`/?ref=CODE`) this browser opened. */
export const referralStore = createPersistedStore<string | null>('shop.ref', (raw) => parseCode(raw), null);

/**
 * Remembers `?ref=CODE` from any page's search params (docs/rules/reviews-and-affiliates.md#referral-links:
 * opening a tracking link remembers the code and pre-fills checkout). A later link replaces an earlier one.
 */
export function rememberReferral(search: Readonly<Record<string, unknown>>): void {
  const code = parseCode(search.ref);
  if (code !== undefined && code !== referralStore.get()) referralStore.set(code);
}

/** The remembered affiliate code, or '' when there is none. */
export function useRememberedReferral(): string {
  return useSyncExternalStore(referralStore.subscribe, referralStore.get, referralStore.get) ?? '';
}
