import type { Decider } from '../../platform/commands/handle-command';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { evolveUser, initialUserState, type RegisteredUser, type UserEvent, type UserState } from './user';

/**
 * How a new address is to be proven: a verification link to mail (`ask`), a link already followed
 * (`link`, a claim), or the operator's word (`vouched`, the first admin).
 */
export type EmailProof =
  | { kind: 'ask'; requestId: string; expiresAt: string }
  | { kind: 'link'; requestId: string }
  | { kind: 'vouched' };

/** The commands of the user aggregate. Passwords arrive already hashed: decide stays pure. */
export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      name: string;
      email: string;
      contact: string;
      passwordHash: string;
      /** Only the admin bootstrap sets this; no client input reaches it. */
      isAdmin: boolean;
      /** Left out: the address stays unverified and no link is asked for. */
      emailProof?: EmailProof | undefined;
      at: string;
    }
  | {
      type: 'ChangeProfile';
      userId: string;
      /** Each field left out stays as it is. */
      name?: string | undefined;
      email?: string | undefined;
      contact?: string | undefined;
      /** A new password's hash, when it changes. */
      passwordHash?: string | undefined;
      /** The session making the change: it stays when the others end (null: none stays). */
      sessionId: string | null;
      /** The verification link to mail when the e-mail changes. */
      verification?: { requestId: string; expiresAt: string } | undefined;
      at: string;
    }
  | { type: 'ChangeRole'; userId: string; isAdmin: boolean; at: string }
  | { type: 'SignOut'; userId: string; sessionId: string; expiresAt: string; at: string }
  | { type: 'RequestPasswordReset'; userId: string; requestId: string; expiresAt: string; at: string }
  | { type: 'ResetPassword'; userId: string; requestId: string; passwordHash: string; at: string }
  | { type: 'RequestEmailVerification'; userId: string; requestId: string; expiresAt: string; at: string }
  | { type: 'VerifyEmail'; userId: string; requestId: string; at: string }
  | { type: 'WithdrawEmail'; userId: string; email: string; reclaimedBy: string; at: string };

type Command<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;

export function register(command: Command<'RegisterUser'>, state: UserState): UserEvent[] {
  if (state.status === 'registered') throw conflict('This account already exists.');
  const { userId, name, email, contact, passwordHash, isAdmin, at, emailProof } = command;
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId, name, email, contact, passwordHash, isAdmin, at },
  };
  return [registered, ...proofEvents(userId, email, emailProof, at)];
}

function proofEvents(userId: string, email: string, proof: EmailProof | undefined, at: string): UserEvent[] {
  if (!proof) return [];
  if (proof.kind === 'ask') {
    const { requestId, expiresAt } = proof;
    return [{ type: 'EmailVerificationRequested', data: { userId, requestId, email, expiresAt, at } }];
  }
  const requestId = proof.kind === 'link' ? proof.requestId : null;
  return [{ type: 'EmailVerified', data: { userId, email, requestId, at } }];
}

/**
 * Changes the fields given. A new password or e-mail ends every other session of the user: whoever
 * took the account over with the old password is signed out.
 */
export function changeProfile(command: Command<'ChangeProfile'>, state: UserState): UserEvent[] {
  const user = registered(state);
  const { userId, at } = command;
  const name = command.name ?? user.name;
  const email = command.email ?? user.email;
  const contact = command.contact ?? user.contact;
  const events: UserEvent[] = [];
  if (name !== user.name || email !== user.email || contact !== user.contact) {
    events.push({ type: 'UserProfileChanged', data: { userId, name, email, contact, at } });
  }
  if (command.passwordHash) {
    events.push({ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash, at } });
  }
  if (command.passwordHash || email !== user.email) {
    events.push({ type: 'UserSessionsEnded', data: { userId, keptSessionId: command.sessionId, at } });
  }
  if (email !== user.email && command.verification) {
    events.push(...proofEvents(userId, email, { kind: 'ask', ...command.verification }, at));
  }
  return events;
}

export const EMAIL_ALREADY_VERIFIED = 'This e-mail address is already verified.';

/** Mails a new verification link for the current address; refused once it is verified. */
export function requestEmailVerification(
  command: Command<'RequestEmailVerification'>,
  state: UserState,
): UserEvent[] {
  const user = registered(state);
  if (user.emailVerified) throw conflict(EMAIL_ALREADY_VERIFIED);
  if (!user.email) throw badRequest('Add an e-mail address to your profile first.', 'email');
  if (user.verificationRequests[command.requestId])
    throw conflict('This verification was already asked for.');
  return proofEvents(user.userId, user.email, { kind: 'ask', ...command }, command.at);
}

export const VERIFY_LINK = {
  invalid: 'This link is not valid. Please ask for a new one.',
  used: 'This link has already been used.',
  superseded: 'This link was sent to an address the account no longer uses. Please ask for a new one.',
  expired: 'This link has expired. Please ask for a new one.',
} as const;

/** Why a verification link cannot be used at `at`, or undefined when it can. */
export function verificationLinkProblem(state: UserState, requestId: string, at: string): string | undefined {
  const request = state.status === 'registered' ? state.verificationRequests[requestId] : undefined;
  if (!request || state.status !== 'registered') return VERIFY_LINK.invalid;
  if (request.state === 'used') return VERIFY_LINK.used;
  if (request.email !== state.email) return VERIFY_LINK.superseded;
  if (Date.parse(at) >= Date.parse(request.expiresAt)) return VERIFY_LINK.expired;
  return undefined;
}

/** Marks the address verified with an open link mailed to it. */
export function verifyEmail(command: Command<'VerifyEmail'>, state: UserState): UserEvent[] {
  const { userId, requestId, at } = command;
  const problem = verificationLinkProblem(state, requestId, at);
  if (problem) throw badRequest(problem, 'token');
  const user = registered(state);
  return [{ type: 'EmailVerified', data: { userId, email: user.email, requestId, at } }];
}

export const EMAIL_NOW_VERIFIED =
  'The account holding this address verified it meanwhile, so it cannot be claimed. If the address is yours, reset that account’s password.';

/**
 * Takes an unverified address from the account that holds it, for its owner who proved she holds
 * it: every session of that account ends. Nothing when the account no longer has the address.
 */
export function withdrawEmail(command: Command<'WithdrawEmail'>, state: UserState): UserEvent[] {
  const user = registered(state);
  const { userId, email, reclaimedBy, at } = command;
  if (user.email !== email) return [];
  if (user.emailVerified) throw conflict(EMAIL_NOW_VERIFIED);
  return [
    { type: 'EmailWithdrawn', data: { userId, email, reclaimedBy, at } },
    { type: 'UserSessionsEnded', data: { userId, keptSessionId: null, at } },
  ];
}

/** Promotes or demotes; asking for the role the user already has changes nothing. */
export function changeRole(command: Command<'ChangeRole'>, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.isAdmin === command.isAdmin) return [];
  const { userId, isAdmin, at } = command;
  return [{ type: 'UserRoleChanged', data: { userId, isAdmin, at } }];
}

export function signOut(command: Command<'SignOut'>, state: UserState): UserEvent[] {
  registered(state);
  const { userId, sessionId, expiresAt, at } = command;
  return [{ type: 'UserSignedOut', data: { userId, sessionId, expiresAt, at } }];
}

export function requestPasswordReset(
  command: Command<'RequestPasswordReset'>,
  state: UserState,
): UserEvent[] {
  const user = registered(state);
  const { userId, requestId, expiresAt, at } = command;
  if (user.resetRequests[requestId]) throw conflict('This reset was already asked for.');
  return [{ type: 'PasswordResetRequested', data: { userId, requestId, email: user.email, expiresAt, at } }];
}

export const RESET_LINK = {
  invalid: 'This password reset link is not valid. Please ask for a new one.',
  used: 'This password reset link has already been used. Please ask for a new one if you need to.',
  superseded:
    'This password reset link is no longer valid: the password or e-mail changed since it was sent. Please ask for a new one.',
  expired: 'This password reset link has expired. Please ask for a new one.',
} as const;

/** Why a reset link cannot be used at `at`, or undefined when it can. */
export function resetLinkProblem(state: UserState, requestId: string, at: string): string | undefined {
  const request = state.status === 'registered' ? state.resetRequests[requestId] : undefined;
  if (!request) return RESET_LINK.invalid;
  if (request.state !== 'open') return RESET_LINK[request.state];
  if (Date.parse(at) >= Date.parse(request.expiresAt)) return RESET_LINK.expired;
  return undefined;
}

/** Sets the new password with an open, unexpired reset link, and ends every session. */
export function resetPassword(command: Command<'ResetPassword'>, state: UserState): UserEvent[] {
  const { userId, requestId, passwordHash, at } = command;
  const problem = resetLinkProblem(state, requestId, at);
  if (problem) throw badRequest(problem, 'token');
  const user = registered(state);
  // The link came through the mailbox: whoever used it holds the address.
  const proven: UserEvent[] = user.emailVerified
    ? []
    : [{ type: 'EmailVerified', data: { userId, email: user.email, requestId, at } }];
  return [
    { type: 'UserPasswordChanged', data: { userId, passwordHash, at } },
    { type: 'PasswordResetCompleted', data: { userId, requestId, at } },
    { type: 'UserSessionsEnded', data: { userId, keptSessionId: null, at } },
    ...proven,
  ];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'ChangeProfile':
      return changeProfile(command, state);
    case 'ChangeRole':
      return changeRole(command, state);
    case 'SignOut':
      return signOut(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'RequestEmailVerification':
      return requestEmailVerification(command, state);
    case 'VerifyEmail':
      return verifyEmail(command, state);
    case 'WithdrawEmail':
      return withdrawEmail(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown user command: ${JSON.stringify(unknown)}`);
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};

function registered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw notFound('Account not found.');
  return state;
}
