import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh affiliate code, e.g. `K7QMZ2PA`: upper-case, as claim streams and checkout normalise it. */
export function newAffiliateCode(length = 8, pick: (max: number) => number = randomInt): string {
  return Array.from({ length }, () => ALPHABET[pick(ALPHABET.length)]).join('');
}
