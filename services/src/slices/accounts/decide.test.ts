import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { RESET_LINK, type UserCommand, userDecider } from './decide';
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
type ChangeProfile = Extract<UserCommand, { type: 'ChangeProfile' }>;
const profile = (overrides: Partial<ChangeProfile> = {}): UserCommand => ({
  type: 'ChangeProfile',
  ...account,
  sessionId: 's1',
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

  it('given a user, when only some fields are sent, then the others stay as they are', () => {
    expect(
      given(registered()).when({
        type: 'ChangeProfile',
        userId: 'u1',
        name: 'Ayesha K',
        sessionId: null,
        at,
      })(),
    ).toEqual([{ type: 'UserProfileChanged', data: { ...account, name: 'Ayesha K', at } }]);
    expect(
      given(registered()).when({ type: 'ChangeProfile', userId: 'u1', contact: '', sessionId: null, at })(),
    ).toEqual([{ type: 'UserProfileChanged', data: { ...account, contact: '', at } }]);
  });
});

describe('ending the other sessions', () => {
  it('given a user, when the password changes, then UserPasswordChanged and every session but this one ends', () => {
    expect(given(registered()).when(profile({ passwordHash: 'scrypt$new' }))()).toEqual([
      { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new', at: later } },
      { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: 's1', at: later } },
    ]);
  });

  it('given a user, when the e-mail changes, then the other sessions end too', () => {
    expect(given(registered()).when(profile({ email: 'new@example.pk', sessionId: null }))()).toEqual([
      { type: 'UserProfileChanged', data: { ...account, email: 'new@example.pk', at: later } },
      { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: null, at: later } },
    ]);
  });

  it('given a user, when only the name or contact changes, then no session ends', () => {
    const events = given(registered()).when(profile({ name: 'A', contact: '' }))();
    expect(events.map((e) => e.type)).toEqual(['UserProfileChanged']);
  });

  it('each end raises the session version', () => {
    const ended: UserEvent = { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: null, at } };
    const state = [registered(), ended, ended].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toMatchObject({ sessionVersion: 2 });
  });

  it('given no user, when signed out, then 404; given one, then UserSignedOut with the token expiry', () => {
    const command: UserCommand = { type: 'SignOut', userId: 'u1', sessionId: 's1', expiresAt: later, at };
    expect(errorOf(given().when(command)).status).toBe(404);
    expect(given(registered()).when(command)()).toEqual([
      { type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's1', expiresAt: later, at } },
    ]);
  });
});

describe('resetting the password', () => {
  const inAnHour = '2024-05-02T09:00:00.000Z';
  const requested: UserEvent = {
    type: 'PasswordResetRequested',
    data: { userId: 'u1', requestId: 'r1', email: account.email, expiresAt: inAnHour, at },
  };
  const reset = (at: string, requestId = 'r1'): UserCommand => ({
    type: 'ResetPassword',
    userId: 'u1',
    requestId,
    passwordHash: 'scrypt$reset',
    at,
  });

  it('given a user, when a reset is asked for, then PasswordResetRequested to their current e-mail', () => {
    expect(
      given(registered()).when({
        type: 'RequestPasswordReset',
        userId: 'u1',
        requestId: 'r1',
        expiresAt: inAnHour,
        at,
      })(),
    ).toEqual([requested]);
    expect(
      errorOf(
        given(registered(), requested).when({
          type: 'RequestPasswordReset',
          userId: 'u1',
          requestId: 'r1',
          expiresAt: inAnHour,
          at,
        }),
      ).status,
    ).toBe(409);
    expect(
      errorOf(
        given().when({
          type: 'RequestPasswordReset',
          userId: 'u1',
          requestId: 'r1',
          expiresAt: inAnHour,
          at,
        }),
      ).status,
    ).toBe(404);
  });

  it('given an open request, when reset within the hour, then the new hash, the link used, every session ended and the address proven', () => {
    const before = '2024-05-02T08:59:59.999Z';
    expect(given(registered(), requested).when(reset(before))()).toEqual([
      { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$reset', at: before } },
      { type: 'PasswordResetCompleted', data: { userId: 'u1', requestId: 'r1', at: before } },
      { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: null, at: before } },
      { type: 'EmailVerified', data: { userId: 'u1', email: account.email, requestId: 'r1', at: before } },
    ]);
    const verified: UserEvent = {
      type: 'EmailVerified',
      data: { userId: 'u1', email: account.email, requestId: null, at },
    };
    expect(given(registered(), verified, requested).when(reset(before))()).toHaveLength(3);
  });

  it('refuses with 400 a link that expired, was used, was overtaken, or was never asked for', () => {
    const open = [registered(), requested].reduce(userDecider.evolve, userDecider.initialState());
    const used = given(registered(), requested, ...userDecider.decide(reset(at), open));
    const overtaken = given(registered(), requested, {
      type: 'UserPasswordChanged',
      data: { userId: 'u1', passwordHash: 'scrypt$other', at },
    });
    const emailChanged = given(registered(), requested, {
      type: 'UserProfileChanged',
      data: { ...account, email: 'new@example.pk', at },
    });
    const renamed = given(registered(), requested, {
      type: 'UserProfileChanged',
      data: { ...account, name: 'Renamed', at },
    });
    const refusals = [
      given(registered(), requested).when(reset(inAnHour)),
      used.when(reset(at)),
      overtaken.when(reset(at)),
      emailChanged.when(reset(at)),
      given(registered(), requested).when(reset(at, 'r2')),
      given().when(reset(at)),
    ].map((run) => {
      const error = errorOf(run);
      return [error.status, error.message, error.fields?.[0]?.field];
    });
    expect(refusals).toEqual([
      [400, RESET_LINK.expired, 'token'],
      [400, RESET_LINK.used, 'token'],
      [400, RESET_LINK.superseded, 'token'],
      [400, RESET_LINK.superseded, 'token'],
      [400, RESET_LINK.invalid, 'token'],
      [400, RESET_LINK.invalid, 'token'],
    ]);
    expect(renamed.when(reset(at))()).toHaveLength(4);
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
