import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { type UserCommand, userDecider } from './decide';
import type { UserEvent } from './user';

const at = '2024-05-02T08:00:00.000Z';
const later = '2024-05-03T09:30:00.000Z';

/** Given these events, when this command: the events it causes (or the error it throws). */
function given(...history: UserEvent[]) {
  const state = history.reduce(userDecider.evolve, userDecider.initialState());
  return { when: (command: UserCommand) => () => userDecider.decide(command, state) };
}

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

const account = { userId: 'u1', name: 'Ayesha', email: 'ayesha@example.pk', contact: '0300-1234567' };
const registered = (isAdmin = false): UserEvent => ({
  type: 'UserRegistered',
  data: { ...account, passwordHash: 'scrypt$old', isAdmin, at },
});
const profile = (overrides: Partial<UserCommand & { type: 'ChangeProfile' }> = {}): UserCommand => ({
  type: 'ChangeProfile',
  ...account,
  at: later,
  ...overrides,
});

describe('registering', () => {
  it('given nothing, when registered, then UserRegistered with the hash and role given', () => {
    expect(
      given().when({ type: 'RegisterUser', ...account, passwordHash: 'scrypt$h', isAdmin: false, at })(),
    ).toEqual([
      { type: 'UserRegistered', data: { ...account, passwordHash: 'scrypt$h', isAdmin: false, at } },
    ]);
  });

  it('given a registered user, when registered again, then 409', () => {
    const command: UserCommand = { type: 'RegisterUser', ...account, passwordHash: 'h', isAdmin: false, at };
    expect(errorOf(given(registered()).when(command)).status).toBe(409);
  });
});

describe('changing the profile', () => {
  it('given a user, when the name changes, then UserProfileChanged with every field', () => {
    expect(given(registered()).when(profile({ name: 'Ayesha Khan' }))()).toEqual([
      { type: 'UserProfileChanged', data: { ...account, name: 'Ayesha Khan', at: later } },
    ]);
  });

  it('given a user, when nothing changes, then no events', () => {
    expect(given(registered()).when(profile())()).toEqual([]);
  });

  it('given no user, when changed, then 404', () => {
    expect(errorOf(given().when(profile({ name: 'X' }))).status).toBe(404);
  });

  it('folds the change into the state', () => {
    const state = [
      registered(),
      { type: 'UserProfileChanged', data: { ...account, email: 'new@example.pk', at: later } },
    ].reduce((s, e) => userDecider.evolve(s, e as UserEvent), userDecider.initialState());
    expect(state).toMatchObject({
      status: 'registered',
      email: 'new@example.pk',
      createdAt: at,
      updatedAt: later,
    });
  });
});

describe('changing the password', () => {
  it('given a user, when changed, then UserPasswordChanged carrying only the new hash', () => {
    expect(
      given(registered()).when({ type: 'ChangePassword', userId: 'u1', passwordHash: 'scrypt$new', at })(),
    ).toEqual([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new', at } }]);
  });

  it('given no user, when changed, then 404', () => {
    expect(
      errorOf(given().when({ type: 'ChangePassword', userId: 'u1', passwordHash: 'h', at })).status,
    ).toBe(404);
  });
});

describe('promoting and demoting', () => {
  it('given a customer, when promoted, then UserRoleChanged to admin', () => {
    expect(given(registered()).when({ type: 'ChangeRole', userId: 'u1', isAdmin: true, at })()).toEqual([
      { type: 'UserRoleChanged', data: { userId: 'u1', isAdmin: true, at } },
    ]);
  });

  it('given an admin, when promoted again, then no events (idempotent)', () => {
    expect(given(registered(true)).when({ type: 'ChangeRole', userId: 'u1', isAdmin: true, at })()).toEqual(
      [],
    );
  });

  it('given a promoted user, when demoted, then UserRoleChanged back to customer', () => {
    const promoted: UserEvent = { type: 'UserRoleChanged', data: { userId: 'u1', isAdmin: true, at } };
    expect(
      given(registered(), promoted).when({ type: 'ChangeRole', userId: 'u1', isAdmin: false, at: later })(),
    ).toEqual([{ type: 'UserRoleChanged', data: { userId: 'u1', isAdmin: false, at: later } }]);
  });

  it('given no user, when promoted, then 404', () => {
    expect(errorOf(given().when({ type: 'ChangeRole', userId: 'u1', isAdmin: true, at })).status).toBe(404);
  });
});
