import { clientNetwork } from '../../platform/http/client-address';
import { MailboxCap, type MailboxCapRule } from './mailbox-cap';
import { Throttle, type ThrottleRule } from './throttle';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/**
 * Failed sign-ins (and wrong current passwords on the profile), per client network and per account
 * at that network: an account is never slowed down for a network that has not failed. Decision 016
 * weighs these figures.
 */
export const SIGN_IN_RULES = {
  /** Credential stuffing from one network: 20 free, then 1 s doubling to a minute; one forgotten a minute. */
  network: { free: 20, forgetOneEveryMs: MINUTE, firstDelayMs: SECOND, maxDelayMs: MINUTE },
  /** Guessing one account from one network: 5 free, then 1 s doubling to 15 minutes. */
  accountAtNetwork: { free: 5, forgetOneEveryMs: 15 * MINUTE, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/** Registrations per client network: each one tells whether an e-mail has an account. */
export const REGISTRATION_RULES = {
  network: { free: 10, forgetOneEveryMs: 6 * MINUTE, firstDelayMs: 10 * SECOND, maxDelayMs: 6 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Reset requests per client network and per e-mail at that network, as sign-in counts them: asking
 * for someone's reset from other networks never makes the owner's own request wait.
 */
export const PASSWORD_RESET_RULES = {
  network: { free: 5, forgetOneEveryMs: 10 * MINUTE, firstDelayMs: 10 * SECOND, maxDelayMs: 10 * MINUTE },
  emailAtNetwork: { free: 3, forgetOneEveryMs: 60 * MINUTE, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Reset links actually sent to one mailbox, from every network together: 3 an hour. Beyond it the
 * request is still answered 202 and no message goes; the newest link already in the mailbox works.
 * Verification links asked for again, and claim links, are capped the same way, each on its own.
 */
export const RESET_MAILS_PER_MAILBOX: MailboxCapRule = { perWindow: 3, windowMs: 60 * MINUTE };

export type SignInThrottle = Throttle<keyof typeof SIGN_IN_RULES>;

/** One set per shop instance: each counts in its own memory. */
export function accountThrottles(clock: () => Date) {
  return {
    signIn: new Throttle(
      clock,
      SIGN_IN_RULES,
      (wait) => `Too many sign-in attempts. Please try again in ${wait}.`,
    ) as SignInThrottle,
    registration: new Throttle(
      clock,
      REGISTRATION_RULES,
      (wait) => `Too many new accounts from your network. Please try again in ${wait}.`,
    ),
    passwordReset: new Throttle(
      clock,
      PASSWORD_RESET_RULES,
      (wait) => `Too many password reset requests. Please try again in ${wait}.`,
    ),
    resetMails: new MailboxCap(clock, RESET_MAILS_PER_MAILBOX),
    verificationMails: new MailboxCap(clock, RESET_MAILS_PER_MAILBOX),
    claimMails: new MailboxCap(clock, RESET_MAILS_PER_MAILBOX),
  };
}

/** The keys a password-reset request counts against. */
export function passwordResetKeys(email: string, address: string) {
  const network = clientNetwork(address);
  return { network, emailAtNetwork: `${email.toLowerCase()} ${network}` };
}

/** The keys a sign-in attempt (or a current-password check) counts against. */
export function signInKeys(email: string, address: string) {
  const network = clientNetwork(address);
  return { network, accountAtNetwork: `${email} ${network}` };
}
