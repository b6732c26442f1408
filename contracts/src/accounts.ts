import { z } from 'zod';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Email must be a valid e-mail address'))
  .transform((e) => e.toLowerCase());

/**
 * A person's name: letters of any script, spaces and . , ' ’ - – —, starting with a letter. The
 * shop greets people by it in e-mails, so it carries no digits, links, colons or line breaks
 * (a "name" like "Your refund is ready: call 0300-0000000" is refused).
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .,'’‘\-–—]*$/u;
export const PERSON_NAME_MESSAGE = "Name may contain only letters, spaces and the punctuation . , ' -";

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters')
  .refine((v) => v === '' || PERSON_NAME_PATTERN.test(v), PERSON_NAME_MESSAGE);

/** Pakistani phone numbers: 03XX-XXXXXXX, 03XXXXXXXXX, +92 3XX XXXXXXX and landlines with area codes. */
export const PHONE_PATTERN = /^(\+92|0092|0)[\s-]?\d{2,3}[\s-]?\d{7,8}$/;

/** Pakistani mobile numbers only (a courier calls or texts them): 0300-1234567, 03001234567, +92 300 1234567. */
export const MOBILE_PATTERN = /^(\+92|0092|0)[\s-]?3\d{2}[\s-]?\d{7}$/;

export const Contact = z
  .string()
  .trim()
  .max(20, 'Contact must be at most 20 characters')
  .refine(
    (v) => v === '' || PHONE_PATTERN.test(v),
    'Contact must be a phone number like 0300-1234567 or +92 300 1234567',
  );

export const MIN_PASSWORD = 8;
const password = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
  .max(200, 'Password must be at most 200 characters');

/** Body of POST /api/auth/register. Unknown keys (e.g. isAdmin) are dropped, never honoured. */
export const RegisterInput = z.object({
  name,
  email,
  contact: Contact.refine((v) => v !== '', 'Contact is required'),
  password,
});
export type RegisterInput = z.infer<typeof RegisterInput>;

/** Body of POST /api/auth/login. */
export const LoginInput = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * Body of PUT /api/users/profile. Each field left out stays as it is. `password` is the new password
 * (empty = unchanged); changing e-mail or password needs `currentPassword`.
 */
export const ProfileUpdate = z.object({
  name: name.optional(),
  email: email.optional(),
  contact: Contact.optional(),
  password: z
    .string()
    .max(200)
    .optional()
    .transform((p) => (p ? p : undefined))
    .pipe(password.optional()),
  currentPassword: z.string().max(200).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** Body of POST /api/auth/forgot-password. */
export const ForgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** Body of POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export const ResetPasswordInput = z.object({
  token: z
    .string({ error: 'The reset link is incomplete' })
    .trim()
    .min(1, 'The reset link is incomplete')
    .max(500, 'The reset link is not valid'),
  password,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** Body of POST /api/auth/verify-email: the token from the e-mailed verification or claim link. */
export const VerifyEmailInput = z.object({
  token: z
    .string({ error: 'The link is incomplete' })
    .trim()
    .min(1, 'The link is incomplete')
    .max(500, 'The link is not valid'),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;

/** Answer of POST /api/auth/verify-email. */
export interface EmailVerifiedAnswer {
  message: string;
  email: string;
  /** `verified`: the signed-in account's address; `claimed`: a new account now holds it, sign in. */
  outcome: 'verified' | 'claimed';
}

/**
 * Answer (202) of POST /api/auth/register for an address an unverified account holds: nothing is
 * signed in; a link went to the address, and following it makes the account.
 */
export interface RegistrationAwaitingClaim {
  message: string;
  email: string;
  awaitingClaim: true;
}

/** A user as the API answers it; never a password or its hash. */
export interface User {
  id: string;
  name: string;
  email: string;
  /** Whether the user followed a link mailed to `email`; until then the shop mails her nothing else. */
  emailVerified: boolean;
  contact: string;
  isAdmin: boolean;
  affiliateUseCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Answer of register and login. */
export interface AuthResponse extends User {
  token: string;
}
