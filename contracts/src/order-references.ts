/**
 * Order references: two letters, a dash and six letters or digits (`AX-7K3M9Q`), from an alphabet
 * without look-alikes (no 0/O, 1/I/L). Orders placed before references existed have ten characters
 * without a dash, derived from their id, so the two kinds never meet.
 */
export const REFERENCE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_ALPHABET = `${REFERENCE_LETTERS}23456789`;
const NEW_REFERENCE = new RegExp(`^([${REFERENCE_LETTERS}]{2})-?([${REFERENCE_ALPHABET}]{6})$`);
const LEGACY_REFERENCE = new RegExp(`^[${REFERENCE_ALPHABET}]{10}$`);

/**
 * A reference as a person typed it (any case, spaces, the dash left out) in the form the shop stores,
 * or undefined when it cannot be one.
 */
export function normaliseOrderReference(typed: string): string | undefined {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  const fresh = NEW_REFERENCE.exec(compact);
  if (fresh) return `${fresh[1]}-${fresh[2]}`;
  return LEGACY_REFERENCE.test(compact) ? compact : undefined;
}
