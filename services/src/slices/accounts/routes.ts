import {
  AdminCustomersQuery,
  type AuthResponse,
  LoginInput,
  ProfileUpdate,
  RegisterInput,
  type User,
} from '@shop/contracts';
import { allCustomersInChunks, customerListPage, findCredentials, findCustomer } from '@shop/projections';
import { type Context, Hono } from 'hono';
import { badRequest, notFound, unauthenticated } from '../../platform/errors';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { registerAccount, updateProfile } from './account-commands';
import { type AuthEnv, issueToken, requireAdmin, requireUser } from './auth';
import { clientAddress } from './client-address';
import { loadUser } from './load-user';
import { verifyAgainstDecoy, verifyPassword } from './passwords';
import { SignInThrottle } from './sign-in-throttle';
import type { RegisteredUser } from './user';

export const WRONG_CREDENTIALS = 'The e-mail or password is not correct.';

/**
 * Registration, sign-in, the caller's profile and the admin's customer lists (the whole list streamed,
 * or paged). Users are answered from the customers read model, which never holds a password hash.
 */
export function accountsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const throttle = new SignInThrottle(deps.clock);
  const app = new Hono<AuthEnv>();
  const cursors = new PageCursors(deps.signingKey);

  const withToken = async (user: User): Promise<AuthResponse> => ({
    ...user,
    token: await issueToken(deps, user),
  });

  /** The state we just wrote, with the counter only the read model keeps. */
  const view = (user: RegisteredUser): User => ({
    id: user.userId,
    name: user.name,
    email: user.email,
    contact: user.contact,
    isAdmin: user.isAdmin,
    affiliateUseCount: findCustomer(deps.readModels, { id: user.userId })?.affiliateUseCount ?? 0,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  });

  app.post('/auth/register', validate('json', RegisterInput), async (c) => {
    const user = await registerAccount(deps, c.req.valid('json'));
    return c.json(await withToken(view(user)), 201);
  });

  app.post('/auth/login', validate('json', LoginInput), async (c) => {
    const { email, password } = c.req.valid('json');
    const address = clientAddress(c);
    throttle.attempt(email, address);
    const credentials = findCredentials(deps.readModels, { email });
    const matches = credentials
      ? await verifyPassword(password, credentials.passwordHash)
      : await verifyAgainstDecoy(password);
    const user =
      matches && credentials ? findCustomer(deps.readModels, { id: credentials.userId }) : undefined;
    if (!user) throw unauthenticated(WRONG_CREDENTIALS);
    throttle.succeeded(email, address);
    return c.json(await withToken(user));
  });

  app.get('/users/profile', requireUser(deps), (c) => {
    const user = findCustomer(deps.readModels, { id: c.var.caller.id });
    if (!user) throw notFound('Account not found.');
    return c.json(user);
  });

  app.put('/users/profile', requireUser(deps), validate('json', ProfileUpdate), async (c) => {
    const update = c.req.valid('json');
    const user = await loadUser(deps.store, c.var.caller.id);
    if (user.status !== 'registered') throw notFound('Account not found.');
    if (update.email !== user.email || update.password) {
      await checkCurrentPassword(c, user, update.currentPassword);
    }
    const updated = await updateProfile(deps, user, update, user.userId);
    return c.json({ ...(await withToken(view(updated))), message: 'Profile updated.' });
  });

  app.get('/admin/users', requireAdmin(deps), () => streamedJsonArray(allCustomersInChunks(deps.readModels)));

  app.get('/admin/lists/customers', requireAdmin(deps), validate('query', AdminCustomersQuery), (c) => {
    const { search, sort, direction, cursor, limit } = c.req.valid('query');
    const order = `${sort}-${direction}`;
    const start = cursors.read(cursor, 'customers', order);
    const page = customerListPage(deps.readModels, { search, sort, direction, start, limit });
    return c.json(cursors.page('customers', order, page));
  });

  /** Guessing the current password counts against the same sign-in limits as the login form. */
  async function checkCurrentPassword(c: Context, user: RegisteredUser, given: string | undefined) {
    if (!given) {
      throw badRequest('Enter your current password to change your e-mail or password.', 'currentPassword');
    }
    const address = clientAddress(c);
    throttle.attempt(user.email, address);
    if (!(await verifyPassword(given, user.passwordHash))) {
      throw badRequest('Your current password is not correct.', 'currentPassword');
    }
    throttle.succeeded(user.email, address);
  }

  return app;
}
