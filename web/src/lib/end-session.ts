import { api } from './api';
import { sessionStore, signOut } from './session';

/**
 * Signs out here and ends the session on the server (`POST /api/auth/logout`, which also clears the
 * cookie), so it stops working even where a copy of it survives. The local sign-out does not wait for
 * the server: a shop that cannot be reached must not keep anyone signed in on this device. The cart
 * stays: it is this device's, not the account's.
 */
export function endSession(): Promise<void> {
  if (!sessionStore.get()) return Promise.resolve();
  // The request carries the cookie as it is sent, before the local session is cleared below.
  const ended = api.post<void>('/api/auth/logout');
  signOut();
  return ended.catch(() => undefined);
}
