import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import { evolveUser, initialUserState, type RegisteredUser, type UserEvent, type UserState } from './user';

/** The commands of the user aggregate. The password arrives already hashed: decide stays pure. */
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
      at: string;
    }
  | { type: 'ChangeProfile'; userId: string; name: string; email: string; contact: string; at: string }
  | { type: 'ChangePassword'; userId: string; passwordHash: string; at: string }
  | { type: 'ChangeRole'; userId: string; isAdmin: boolean; at: string };

type Command<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;

export function register(command: Command<'RegisterUser'>, state: UserState): UserEvent[] {
  if (state.status === 'registered') throw conflict('This account already exists.');
  const { userId, name, email, contact, passwordHash, isAdmin, at } = command;
  return [{ type: 'UserRegistered', data: { userId, name, email, contact, passwordHash, isAdmin, at } }];
}

export function changeProfile(command: Command<'ChangeProfile'>, state: UserState): UserEvent[] {
  const user = registered(state);
  const { userId, name, email, contact, at } = command;
  if (user.name === name && user.email === email && user.contact === contact) return [];
  return [{ type: 'UserProfileChanged', data: { userId, name, email, contact, at } }];
}

export function changePassword(command: Command<'ChangePassword'>, state: UserState): UserEvent[] {
  registered(state);
  const { userId, passwordHash, at } = command;
  return [{ type: 'UserPasswordChanged', data: { userId, passwordHash, at } }];
}

/** Promotes or demotes; asking for the role the user already has changes nothing. */
export function changeRole(command: Command<'ChangeRole'>, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.isAdmin === command.isAdmin) return [];
  const { userId, isAdmin, at } = command;
  return [{ type: 'UserRoleChanged', data: { userId, isAdmin, at } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'ChangeProfile':
      return changeProfile(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'ChangeRole':
      return changeRole(command, state);
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
