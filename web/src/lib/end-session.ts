import { api } from './api';
import { sessionStore, signOut } from './session';

/**
 * Signs out here and ends the session on the server (`POST /api/auth/logout`), so the token stops
 * working even where a copy of it survives. The local sign-out does not wait for the server: a
 * shop that cannot be reached must not keep anyone signed in on this device.
 */
export function endSession(): Promise<void> {
  if (!sessionStore.get()) return Promise.resolve();
  // apiFetch takes the token as it is called, before the local session is cleared below.
  const ended = api.post<void>('/api/auth/logout');
  signOut();
  return ended.catch(() => undefined);
}
