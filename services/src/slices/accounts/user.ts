import type { EventData } from '@shop/contracts';

/** The events of one user's stream (`user-{id}`). */
export type UserEvent =
  | { type: 'UserRegistered'; data: EventData<'UserRegistered'> }
  | { type: 'UserProfileChanged'; data: EventData<'UserProfileChanged'> }
  | { type: 'UserPasswordChanged'; data: EventData<'UserPasswordChanged'> }
  | { type: 'UserRoleChanged'; data: EventData<'UserRoleChanged'> }
  | { type: 'UserSignedOut'; data: EventData<'UserSignedOut'> }
  | { type: 'UserSessionsEnded'; data: EventData<'UserSessionsEnded'> }
  | { type: 'PasswordResetRequested'; data: EventData<'PasswordResetRequested'> }
  | { type: 'PasswordResetCompleted'; data: EventData<'PasswordResetCompleted'> }
  | { type: 'EmailVerificationRequested'; data: EventData<'EmailVerificationRequested'> }
  | { type: 'EmailVerified'; data: EventData<'EmailVerified'> }
  | { type: 'EmailWithdrawn'; data: EventData<'EmailWithdrawn'> };

/** A verification link's standing: open until used, or until the address changes (superseded). */
export interface VerificationRequest {
  email: string;
  expiresAt: string;
  state: 'open' | 'used';
}

/**
 * A reset link's standing: open until it is used, or until the password or the e-mail changes
 * another way (a link mailed before then must not change the password after).
 */
export interface ResetRequest {
  expiresAt: string;
  state: 'open' | 'used' | 'superseded';
}

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  name: string;
  email: string;
  contact: string;
  passwordHash: string;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
  /** How many times every earlier session was ended; a token carries the version it was issued at. */
  sessionVersion: number;
  /** Every reset this user asked for, by request id. */
  resetRequests: Readonly<Record<string, ResetRequest>>;
  /** Whether she followed a link mailed to `email` (a new address starts unverified). */
  emailVerified: boolean;
  /** Every verification link mailed to her, by request id. */
  verificationRequests: Readonly<Record<string, VerificationRequest>>;
}

/** A user before registration, or as registered. */
export type UserState = { status: 'unregistered' } | RegisteredUser;

export const initialUserState = (): UserState => ({ status: 'unregistered' });

/** Folds one event into the user's state. Pure. */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, name, email, contact, passwordHash, isAdmin, at } = event.data;
    return {
      status: 'registered',
      userId,
      name,
      email,
      contact,
      passwordHash,
      isAdmin,
      createdAt: at,
      updatedAt: at,
      sessionVersion: 0,
      resetRequests: {},
      emailVerified: false,
      verificationRequests: {},
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'UserProfileChanged': {
      const { name, email, contact, at } = event.data;
      const same = email === state.email;
      const resetRequests = same ? state.resetRequests : supersede(state.resetRequests);
      const emailVerified = same && state.emailVerified;
      return { ...state, name, email, contact, updatedAt: at, resetRequests, emailVerified };
    }
    case 'UserPasswordChanged':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        updatedAt: event.data.at,
        resetRequests: supersede(state.resetRequests),
      };
    case 'UserRoleChanged':
      return { ...state, isAdmin: event.data.isAdmin, updatedAt: event.data.at };
    case 'UserSignedOut':
      return state;
    case 'UserSessionsEnded':
      return { ...state, sessionVersion: state.sessionVersion + 1 };
    case 'PasswordResetRequested': {
      const { requestId, expiresAt } = event.data;
      return {
        ...state,
        resetRequests: { ...state.resetRequests, [requestId]: { expiresAt, state: 'open' } },
      };
    }
    case 'PasswordResetCompleted': {
      const request = state.resetRequests[event.data.requestId];
      if (!request) return state;
      const used: ResetRequest = { ...request, state: 'used' };
      return { ...state, resetRequests: { ...state.resetRequests, [event.data.requestId]: used } };
    }
    case 'EmailVerificationRequested': {
      const { requestId, email, expiresAt } = event.data;
      const request: VerificationRequest = { email, expiresAt, state: 'open' };
      return { ...state, verificationRequests: { ...state.verificationRequests, [requestId]: request } };
    }
    case 'EmailVerified': {
      const { requestId, email } = event.data;
      const request = requestId ? state.verificationRequests[requestId] : undefined;
      const verificationRequests =
        requestId && request
          ? { ...state.verificationRequests, [requestId]: { ...request, state: 'used' as const } }
          : state.verificationRequests;
      return { ...state, emailVerified: state.emailVerified || email === state.email, verificationRequests };
    }
    case 'EmailWithdrawn':
      return {
        ...state,
        email: '',
        emailVerified: false,
        updatedAt: event.data.at,
        resetRequests: supersede(state.resetRequests),
      };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function supersede(requests: RegisteredUser['resetRequests']): RegisteredUser['resetRequests'] {
  return Object.fromEntries(
    Object.entries(requests).map(([id, request]) => [
      id,
      request.state === 'open' ? { ...request, state: 'superseded' as const } : request,
    ]),
  );
}
