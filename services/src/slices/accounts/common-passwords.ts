import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../platform/errors';

/**
 * The most common passwords of public breach corpora, as zxcvbn-ts keeps them (about 30,000, lower
 * case). Loaded once, on the first check: the list is a few hundred kilobytes.
 */
let common: ReadonlySet<string> | undefined;

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones, which attackers try first. Please choose another.';

/** True when the password, in any capitalisation, is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFC').toLowerCase());
}

/** Refuses (400, on `field`) a password found in the common-password list. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, field);
}
