/** A Pakistani IBAN as people write it, with or without spaces: `PK36 SCBL 0000 0011 2345 6702`. */
export const IBAN_SHAPE = /^PK\d{2}( ?[A-Z0-9]{4}){5}$/i;

/**
 * True when the IBAN's check digits are right (ISO 13616: the rearranged number mod 97 is 1). A
 * placeholder such as `PK00 BANK 0000 0000 0000 0000` has the shape of one but not the check digits.
 */
export function hasValidIbanCheckDigits(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    if (Number.isNaN(value)) return false;
    for (const digit of String(value)) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
