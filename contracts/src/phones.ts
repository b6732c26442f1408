/**
 * A Pakistani phone number reduced to one form: its national significant number, digits only.
 * `0300-1234567`, `03001234567`, `+92 300 1234567`, `0092 300 1234567` and `923001234567` all become
 * `3001234567`; a landline `042-35761234` becomes `4235761234`. Read models store it beside the number
 * as written, and a search reduces what the admin typed the same way, so any format finds any other.
 * A leading 92 is always the country code: no Pakistani area code or mobile prefix starts with 92.
 */
export function phoneKey(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.startsWith('0092')) return digits.slice(4);
  if (digits.startsWith('92')) return digits.slice(2);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * Whether a search could be (the start of) a phone number: digits with the separators people type
 * (spaces, dashes, parentheses, a leading +), and at least four digits.
 */
export function looksLikePhone(text: string): boolean {
  return /^\+?[\d\s()-]+$/.test(text) && text.replace(/\D/g, '').length >= 4;
}
