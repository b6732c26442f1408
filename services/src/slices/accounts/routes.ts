import {
  AdminCustomersQuery,
  type AuthResponse,
  ForgotPasswordInput,
  LoginInput,
  ProfileUpdate,
  RegisterInput,
  type RegistrationAwaitingClaim,
  ResetPasswordInput,
  type User,
  VerifyEmailInput,
} from '@shop/contracts';
import {
  allCustomersInChunks,
  customerListPage,
  findCredentials,
  findCustomer,
  findCustomerByEmail,
  findSessionHolder,
} from '@shop/projections';
import { type Context, Hono } from 'hono';
import { badRequest, conflict, notFound, unauthenticated } from '../../platform/errors';
import { AnswerCache } from '../../platform/http/answer-cache';
import { type AuthEnv, issueToken, requireAdmin, requireUser } from '../../platform/http/auth';
import { clientAddress, clientNetwork } from '../../platform/http/client-address';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { standingOf } from '../orders/cash-on-delivery/cod-standing';
import { handleSignOut, registerAccount, updateProfile } from './account-commands';
import { accountThrottles, passwordResetKeys, signInKeys } from './account-throttles';
import { refuseCommonPassword } from './common-passwords';
import { EMAIL_ALREADY_VERIFIED } from './decide';
import { findEmailOwner } from './email-claims';
import { askEmailVerification, CLAIM_SENT, followEmailLink, requestReclaim } from './email-ownership';
import { loadUser } from './load-user';
import { handleRequestPasswordReset, handleResetPassword } from './password-reset';
import { verifyAgainstDecoy, verifyPassword } from './passwords';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { RegisteredUser } from './user';

export const WRONG_CREDENTIALS = 'The e-mail or password is not correct.';
export const RESET_REQUESTED =
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for one hour.';
export const PASSWORD_RESET = 'Your password has been changed. Please sign in with your new password.';
export const VERIFICATION_SENT = 'We have sent a new link to your e-mail address. It works for 7 days.';

/**
 * Registration, sign-in and out, password reset, the caller's profile and the admin's customer lists
 * (the whole list streamed, or paged). Users are answered from the customers read model, which never holds a password hash.
 */
export function accountsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const throttles = accountThrottles(deps.clock);
  const app = new Hono<AuthEnv>();
  const cursors = new PageCursors(deps.signingKey);
  /** The list's pages: the same for every admin, until the read models change (decision 017). */
  const pageAnswers = new AnswerCache({
    version: () => deps.readModels.version(),
    maxEntries: 100,
    maxChars: 8 * 1024 * 1024,
  });
  const addressOf = (c: Context) => clientAddress(c, deps.trustedProxies);

  /** The user's fields and a token for a new session at their current session version. */
  const withToken = async (user: User, sessionVersion: number): Promise<AuthResponse> => ({
    ...user,
    token: await issueToken(deps, { id: user.id, isAdmin: user.isAdmin, sessionVersion }),
  });

  /** The browser keeps the session in its httpOnly cookie; an API client takes the token from the body. */
  const signedIn = (c: Context, answer: AuthResponse): AuthResponse => {
    setSessionCookie(c, deps, answer.token);
    return answer;
  };

  /** The state we just wrote, with the counter only the read model keeps. */
  const view = (user: RegisteredUser): User => ({
    id: user.userId,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    contact: user.contact,
    isAdmin: user.isAdmin,
    affiliateUseCount: findCustomer(deps.readModels, { id: user.userId })?.affiliateUseCount ?? 0,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  });

  app.post('/auth/register', validate('json', RegisterInput), async (c) => {
    // Each registration tells whether an e-mail has an account: bounded per client network.
    throttles.registration.take({ network: clientNetwork(addressOf(c)) });
    const registration = c.req.valid('json');
    refuseCommonPassword(registration.password);
    const holder = await unverifiedHolderOf(registration.email);
    if (holder) {
      // Whoever holds the mailbox may take the address back from an account that never proved it.
      if (throttles.claimMails.admit(registration.email)) {
        await requestReclaim(deps, registration, holder.userId);
      }
      const answer: RegistrationAwaitingClaim = {
        message: CLAIM_SENT,
        email: registration.email,
        awaitingClaim: true,
      };
      return c.json(answer, 202);
    }
    const user = await registerAccount(deps, registration);
    return c.json(signedIn(c, await withToken(view(user), user.sessionVersion)), 201);
  });

  /** The user holding an e-mail, when she never verified it and is not an admin. */
  async function unverifiedHolderOf(email: string): Promise<RegisteredUser | undefined> {
    const ownerId = await findEmailOwner(deps.store, email);
    const owner = ownerId ? await loadUser(deps.store, ownerId) : undefined;
    const squatted = owner?.status === 'registered' && owner.email === email && !owner.emailVerified;
    return squatted && !owner.isAdmin ? owner : undefined;
  }

  /** Follows a verification or claim link; signed out is fine (the link is the proof). */
  app.post('/auth/verify-email', validate('json', VerifyEmailInput), async (c) => {
    const { token } = c.req.valid('json');
    return c.json(await followEmailLink(deps, token));
  });

  /** Mails the signed-in user a fresh verification link (capped per mailbox, silently). */
  app.post('/auth/verify-email/resend', requireUser(deps), async (c) => {
    const user = await loadUser(deps.store, c.var.caller.id);
    if (user.status !== 'registered') throw notFound('Account not found.');
    if (user.emailVerified) throw conflict(EMAIL_ALREADY_VERIFIED);
    if (throttles.verificationMails.admit(user.email)) await askEmailVerification(deps, user.userId);
    return c.json({ message: VERIFICATION_SENT, email: user.email }, 202);
  });

  app.post('/auth/login', validate('json', LoginInput), async (c) => {
    const { email, password } = c.req.valid('json');
    let userId: string | undefined;
    const matches = await throttles.signIn.guard(signInKeys(email, addressOf(c)), async () => {
      const credentials = findCredentials(deps.readModels, { email });
      if (!credentials) return verifyAgainstDecoy(password);
      userId = credentials.userId;
      return verifyPassword(password, credentials.passwordHash);
    }, ['accountAtNetwork']);
    const holder =
      matches && userId ? findSessionHolder(deps.readModels, { userId, sessionId: '' }) : undefined;
    if (!holder) throw unauthenticated(WRONG_CREDENTIALS);
    const { sessionVersion, keptSessionId: _kept, sessionEnded: _ended, ...user } = holder;
    return c.json(signedIn(c, await withToken(user, sessionVersion)));
  });

  /** Ends the session of the token it is called with; the others stay signed in. */
  app.post('/auth/logout', requireUser(deps), async (c) => {
    await handleSignOut(deps, c.var.caller);
    clearSessionCookie(c, deps);
    return c.body(null, 204);
  });

  /**
   * The same answer, as fast, for every e-mail: the reset of a known one is recorded after the
   * answer has gone. Throttled per client network and per (e-mail, network); what reaches the mailbox
   * is capped separately and silently, so nobody elsewhere can make the owner's own request wait.
   */
  app.post('/auth/forgot-password', validate('json', ForgotPasswordInput), (c) => {
    const { email } = c.req.valid('json');
    throttles.passwordReset.take(passwordResetKeys(email, addressOf(c)));
    const user = findCustomerByEmail(deps.readModels, { email });
    if (user && throttles.resetMails.admit(user.email)) {
      deps.background.run('password reset request', () => handleRequestPasswordReset(deps, user.id));
    }
    return c.json({ message: RESET_REQUESTED }, 202);
  });

  app.post('/auth/reset-password', validate('json', ResetPasswordInput), async (c) => {
    const { token, password } = c.req.valid('json');
    // Refused like registration refuses it, before the link is spent.
    refuseCommonPassword(password);
    const user = await handleResetPassword(deps, token, password);
    // Whoever holds the mailbox is the owner: their failed sign-ins from here are forgiven.
    throttles.signIn.forgive('accountAtNetwork', signInKeys(user.email, addressOf(c)).accountAtNetwork);
    return c.json({ message: PASSWORD_RESET });
  });

  app.get('/users/profile', requireUser(deps), (c) => {
    const user = findCustomer(deps.readModels, { id: c.var.caller.id });
    if (!user) throw notFound('Account not found.');
    return c.json(user);
  });

  /**
   * Changes the fields sent. A new e-mail or password ends every other session; the one that made
   * the change stays until the app signs it out (2 seconds later, as the spec says).
   */
  app.put('/users/profile', requireUser(deps), validate('json', ProfileUpdate), async (c) => {
    const update = c.req.valid('json');
    const user = await loadUser(deps.store, c.var.caller.id);
    if (user.status !== 'registered') throw notFound('Account not found.');
    if (update.password) refuseCommonPassword(update.password);
    if ((update.email !== undefined && update.email !== user.email) || update.password) {
      await checkCurrentPassword(c, user, update.currentPassword);
    }
    const updated = await updateProfile(deps, user, update, user.userId, c.var.caller.sessionId);
    return c.json({ ...view(updated), message: 'Profile updated.' });
  });

  app.get('/admin/users', requireAdmin(deps), () => streamedJsonArray(allCustomersInChunks(deps.readModels)));

  app.get('/admin/lists/customers', requireAdmin(deps), validate('query', AdminCustomersQuery), (c) => {
    const query = c.req.valid('query');
    const { search, sort, direction, cursor, limit } = query;
    const order = `${sort}-${direction}`;
    const start = cursors.read(cursor, 'customers', order);
    return pageAnswers.respond(c, JSON.stringify(query), () => {
      const page = customerListPage(deps.readModels, { search, sort, direction, start, limit });
      // Each customer's refused parcels and whether cash on delivery is refused to them now.
      const rows = page.rows.map((row) => ({ ...row, cod: standingOf(deps, row.id) }));
      return cursors.page('customers', order, { ...page, rows });
    });
  });

  /** Guessing the current password counts against the same limits as the sign-in form. */
  async function checkCurrentPassword(c: Context, user: RegisteredUser, given: string | undefined) {
    if (!given) {
      throw badRequest('Enter your current password to change your e-mail or password.', 'currentPassword');
    }
    const right = await throttles.signIn.guard(
      signInKeys(user.email, addressOf(c)),
      () => verifyPassword(given, user.passwordHash),
      ['accountAtNetwork'],
    );
    if (!right) throw badRequest('Your current password is not correct.', 'currentPassword');
  }

  return app;
}
