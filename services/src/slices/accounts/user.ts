import type { EventData } from '@shop/contracts';

/** The events of one user's stream (`user-{id}`). */
export type UserEvent =
  | { type: 'UserRegistered'; data: EventData<'UserRegistered'> }
  | { type: 'UserProfileChanged'; data: EventData<'UserProfileChanged'> }
  | { type: 'UserPasswordChanged'; data: EventData<'UserPasswordChanged'> }
  | { type: 'UserRoleChanged'; data: EventData<'UserRoleChanged'> };

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
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'UserProfileChanged': {
      const { name, email, contact, at } = event.data;
      return { ...state, name, email, contact, updatedAt: at };
    }
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, updatedAt: event.data.at };
    case 'UserRoleChanged':
      return { ...state, isAdmin: event.data.isAdmin, updatedAt: event.data.at };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
