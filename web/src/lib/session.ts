import type { AuthResponse, User } from '@shop/contracts';
import { useSyncExternalStore } from 'react';
import { forgetCheckoutDrafts } from './checkout-draft';
import { createPersistedStore, isRecord } from './persisted-store';

/** The signed-in user as the auth routes answer it, without the token. */
export type SessionUser = User;

/**
 * Who is signed in on this device, for the screens. The session itself is the server's httpOnly
 * cookie, which no script reads: this holds no token, and a 401 from the server ends it.
 */
export interface Session {
  user: SessionUser;
}

const STORAGE_KEY = 'shop.session';

function parseSession(raw: unknown): Session | null | undefined {
  // A session stored with its token by an earlier build has no cookie behind it: sign in again.
  if (!isRecord(raw) || 'token' in raw) return undefined;
  const user = parseUser(raw.user);
  return user ? { user } : undefined;
}

// What was stored by an older build may lack fields; keep the session if the essentials are there.
function parseUser(raw: unknown): SessionUser | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, name, email } = raw;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof name !== 'string') return undefined;
  if (typeof email !== 'string') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: String(id),
    name,
    email,
    // Stored by a build before e-mail verification: unknown, so the notice asks (the server knows).
    emailVerified: raw.emailVerified === true,
    contact: text(raw.contact),
    isAdmin: raw.isAdmin === true,
    affiliateUseCount: typeof raw.affiliateUseCount === 'number' ? raw.affiliateUseCount : 0,
    createdAt: text(raw.createdAt),
    updatedAt: text(raw.updatedAt),
  };
}

export const sessionStore = createPersistedStore<Session | null>(STORAGE_KEY, parseSession, null);

/**
 * The session of an answer of `POST /api/auth/login` or `/register` ("user fields plus token"): the
 * user only. The token is for API clients; the browser keeps the cookie the same answer set.
 */
export function sessionFromAuthResponse({ token: _token, ...user }: AuthResponse): Session {
  return { user };
}

export function signIn(session: Session): void {
  sessionStore.set(session);
}

/** Ends the session on this device and forgets what it typed at checkout. */
export function signOut(): void {
  sessionStore.set(null);
  forgetCheckoutDrafts();
}

/** The current session, re-rendering when it changes (including sign-in or sign-out in another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/**
 * What route guards and loaders see as `context.auth`. The getters read the store at call time, so a
 * `beforeLoad` always sees the current session without the router being re-created.
 */
export interface AuthState {
  readonly user: SessionUser | null;
  readonly isAuthenticated: boolean;
  readonly isAdmin: boolean;
  signIn(session: Session): void;
  signOut(): void;
}

export const auth: AuthState = {
  get user() {
    return sessionStore.get()?.user ?? null;
  },
  get isAuthenticated() {
    return sessionStore.get() !== null;
  },
  get isAdmin() {
    return sessionStore.get()?.user.isAdmin === true;
  },
  signIn,
  signOut,
};

// What an earlier build kept: the token itself, readable by any script. Forgotten at once.
if (typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY)?.includes('"token"')) {
  localStorage.removeItem(STORAGE_KEY);
}
