import { looksLikePhone, phoneKey } from '@shop/contracts';

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * What a customer can be found by: each word of the name (and, for `Bilal-Ahmed` or `O'Brien`, each
 * part of it), the e-mail, and the contact's phone key. Lower-cased; a search matches them by prefix.
 */
export function searchTermsOf(customer: { name: string; email: string; contact: string }): string[] {
  const terms = new Set<string>();
  for (const word of fold(customer.name).split(/\s+/)) {
    if (word) terms.add(word);
    for (const part of word.split(/[^\p{L}\p{N}]+/u)) if (part) terms.add(part);
  }
  if (customer.email) terms.add(fold(customer.email.trim()));
  const phone = phoneKey(customer.contact);
  if (phone) terms.add(phone);
  return [...terms];
}

/**
 * A search as the prefixes it asks for, every one of which a customer must match: a phone number in
 * any format is one phone key; anything else is its words, lower-cased. Empty for a blank search.
 */
export function searchPrefixes(search: string): string[] {
  const text = search.trim();
  if (text === '') return [];
  if (looksLikePhone(text)) return [phoneKey(text) || text.replace(/\D/g, '')];
  return [...new Set(fold(text).split(/\s+/).filter(Boolean))];
}
