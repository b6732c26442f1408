import { streams } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { AppError } from '../../platform/errors';
import { type EmailProof, userDecider } from './decide';
import { claimEmail, findEmailOwner, releaseEmail } from './email-claims';
import { loadUser } from './load-user';
import { hashPassword } from './passwords';
import type { RegisteredUser } from './user';

/** What the account commands need: the store, the read-model waiter, a clock and ids. */
export interface AccountDeps extends CommandDeps {
  clock: () => Date;
  newId: () => string;
}

export interface NewAccount {
  name: string;
  /** Already normalised (trimmed, lower-case). */
  email: string;
  contact: string;
  password: string;
}

/**
 * Registers a user: hashes the password, claims the e-mail (409 when taken), then appends
 * UserRegistered. If registering fails after the claim, the claim is given back.
 */
export async function registerAccount(
  deps: AccountDeps,
  account: NewAccount,
  options: { isAdmin?: boolean; actor?: string } = {},
): Promise<RegisteredUser> {
  const { password, ...details } = account;
  const emailProof: EmailProof = options.isAdmin
    ? { kind: 'vouched' }
    : { kind: 'ask', requestId: deps.newId(), expiresAt: verificationExpiry(deps.clock()) };
  return registerWithHash(
    deps,
    { ...details, passwordHash: await hashPassword(password) },
    {
      ...options,
      emailProof,
    },
  );
}

/** When a verification link mailed now stops working. */
export const verificationExpiry = (now: Date): string =>
  new Date(now.getTime() + VERIFICATION_LINK_VALID_MS).toISOString();

/** A verification link works this long: a shopper may read her mail days later. */
export const VERIFICATION_LINK_VALID_MS = 7 * 24 * 3600_000;

/**
 * Registers a user whose password is already hashed (a claim keeps the hash until its link is
 * followed): claims the e-mail (409 when taken), then appends UserRegistered with how the address is
 * to be proven. If registering fails after the claim, the claim is given back.
 */
export async function registerWithHash(
  deps: AccountDeps,
  account: Omit<NewAccount, 'password'> & { passwordHash: string },
  options: { isAdmin?: boolean; actor?: string; userId?: string; emailProof?: EmailProof } = {},
): Promise<RegisteredUser> {
  const { passwordHash } = account;
  const userId = options.userId ?? deps.newId();
  const actor = options.actor ?? userId;
  await claimEmail(deps, account.email, userId, actor);
  try {
    const { state } = await handleCommand(
      deps,
      userDecider,
      streams.user(userId),
      {
        type: 'RegisterUser',
        userId,
        name: account.name,
        email: account.email,
        contact: account.contact,
        passwordHash,
        isAdmin: options.isAdmin ?? false,
        emailProof: options.emailProof,
        at: deps.clock().toISOString(),
      },
      { actor },
    );
    return state as RegisteredUser;
  } catch (error) {
    await releaseEmail(deps, account.email, userId, actor);
    throw error;
  }
}

export interface ProfileChange {
  /** Each field left out stays as it is. */
  name?: string | undefined;
  email?: string | undefined;
  contact?: string | undefined;
  /** A new password, when it changes. */
  password?: string | undefined;
}

/**
 * Changes the given fields of a user whose current password the caller has already checked, in
 * one append: a new password or e-mail ends every other session (all of them when `keepSession`
 * is null). A new e-mail is claimed first and the old one released last, so the user never stands
 * without a claimed e-mail.
 */
export async function updateProfile(
  deps: AccountDeps,
  user: RegisteredUser,
  change: ProfileChange,
  actor: string,
  keepSession: string | null = null,
): Promise<RegisteredUser> {
  const emailChanges = change.email !== undefined && change.email !== user.email;
  const passwordHash = change.password ? await hashPassword(change.password) : undefined;
  if (emailChanges) await claimEmail(deps, change.email!, user.userId, actor);
  const { state } = await handleCommand(
    deps,
    userDecider,
    streams.user(user.userId),
    {
      type: 'ChangeProfile',
      userId: user.userId,
      name: change.name,
      email: change.email,
      contact: change.contact,
      passwordHash,
      sessionId: keepSession,
      verification: { requestId: deps.newId(), expiresAt: verificationExpiry(deps.clock()) },
      at: deps.clock().toISOString(),
    },
    { actor },
  ).catch(async (error: unknown) => {
    if (emailChanges) await releaseEmail(deps, change.email!, user.userId, actor);
    throw error;
  });
  if (emailChanges) await releaseEmail(deps, user.email, user.userId, actor);
  return state as RegisteredUser;
}

/** Ends one session: its token is refused from now on, on every instance, after any restart. */
export async function handleSignOut(
  deps: AccountDeps,
  session: { id: string; sessionId: string; sessionExpiresAt: string },
): Promise<void> {
  await handleCommand(
    deps,
    userDecider,
    streams.user(session.id),
    {
      type: 'SignOut',
      userId: session.id,
      sessionId: session.sessionId,
      expiresAt: session.sessionExpiresAt,
      at: deps.clock().toISOString(),
    },
    { actor: session.id },
  );
}

/** Promotes (true) or demotes (false) a user; 404 when there is no such user. */
export async function handleChangeRole(
  deps: AccountDeps,
  userId: string,
  isAdmin: boolean,
  actor: string,
): Promise<RegisteredUser> {
  const { state } = await handleCommand(
    deps,
    userDecider,
    streams.user(userId),
    { type: 'ChangeRole', userId, isAdmin, at: deps.clock().toISOString() },
    { actor },
  );
  return state as RegisteredUser;
}

export type EnsureAdminOutcome = 'created' | 'promoted' | 'unchanged';

/** How long ensureAdmin waits for another instance's registration of the same e-mail to land. */
const ENSURE_ADMIN_PATIENCE_MS = 10_000;

/**
 * Makes sure an administrator with this e-mail exists: creates one when the e-mail is free,
 * promotes the user who owns it otherwise. An existing user's password is left alone.
 * Idempotent, and reads only the event store, so the CLI can run it beside a running shop, and
 * several instances starting together agree: the one whose claim of the e-mail wins creates the
 * admin, the others wait for that registration and find it done.
 */
export async function ensureAdmin(
  deps: AccountDeps,
  admin: NewAccount,
): Promise<{ outcome: EnsureAdminOutcome; user: RegisteredUser }> {
  const email = admin.email.trim().toLowerCase();
  const deadline = Date.now() + ENSURE_ADMIN_PATIENCE_MS;
  for (;;) {
    const ownerId = await findEmailOwner(deps.store, email);
    const owner = ownerId ? await loadUser(deps.store, ownerId) : undefined;
    if (owner?.status === 'registered') {
      if (owner.isAdmin) return { outcome: 'unchanged', user: owner };
      return { outcome: 'promoted', user: await handleChangeRole(deps, owner.userId, true, 'system') };
    }
    try {
      const user = await registerAccount(deps, { ...admin, email }, { isAdmin: true, actor: 'system' });
      return { outcome: 'created', user };
    } catch (error) {
      // Someone claimed the e-mail first, and their registration has not landed yet: look again.
      const raced = error instanceof AppError && error.status === 409 && Date.now() < deadline;
      if (!raced) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
