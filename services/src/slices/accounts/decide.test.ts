import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../../test-support/decider-spec';
import { RESET_LINK, type UserCommand, userDecider } from './decide';
import type { UserEvent } from './user';

const spec = DeciderSpec.for(userDecider);

const at = '2024-05-02T08:00:00.000Z';
const later = '2024-05-03T09:30:00.000Z';

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
    spec
      .given()
      .when({ type: 'RegisterUser', ...account, passwordHash: 'scrypt$h', isAdmin: false, at })
      .thenEvents([
        { type: 'UserRegistered', data: { ...account, passwordHash: 'scrypt$h', isAdmin: false, at } },
      ]);
  });

  it('given a registered user, when registered again, then 409', () => {
    const command: UserCommand = { type: 'RegisterUser', ...account, passwordHash: 'h', isAdmin: false, at };
    expect(spec.given(registered()).when(command).thenThrows().status).toBe(409);
  });
});

describe('changing the profile', () => {
  it('given a user, when the name changes, then UserProfileChanged with every field', () => {
    spec
      .given(registered())
      .when(profile({ name: 'Ayesha Khan' }))
      .thenEvents([{ type: 'UserProfileChanged', data: { ...account, name: 'Ayesha Khan', at: later } }]);
  });

  it('given a user, when nothing changes, then no events', () => {
    spec.given(registered()).when(profile()).thenEvents([]);
  });

  it('given no user, when changed, then 404', () => {
    expect(
      spec
        .given()
        .when(profile({ name: 'X' }))
        .thenThrows().status,
    ).toBe(404);
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
    spec
      .given(registered())
      .when({
        type: 'ChangeProfile',
        userId: 'u1',
        name: 'Ayesha K',
        sessionId: null,
        at,
      })
      .thenEvents([{ type: 'UserProfileChanged', data: { ...account, name: 'Ayesha K', at } }]);
    spec
      .given(registered())
      .when({ type: 'ChangeProfile', userId: 'u1', contact: '', sessionId: null, at })
      .thenEvents([{ type: 'UserProfileChanged', data: { ...account, contact: '', at } }]);
  });
});

describe('ending the other sessions', () => {
  it('given a user, when the password changes, then UserPasswordChanged and every session but this one ends', () => {
    spec
      .given(registered())
      .when(profile({ passwordHash: 'scrypt$new' }))
      .thenEvents([
        { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new', at: later } },
        { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: 's1', at: later } },
      ]);
  });

  it('given a user, when the e-mail changes, then the other sessions end too', () => {
    spec
      .given(registered())
      .when(profile({ email: 'new@example.pk', sessionId: null }))
      .thenEvents([
        { type: 'UserProfileChanged', data: { ...account, email: 'new@example.pk', at: later } },
        { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: null, at: later } },
      ]);
  });

  it('given a user, when only the name or contact changes, then no session ends', () => {
    const events = spec
      .given(registered())
      .when(profile({ name: 'A', contact: '' }))
      .events();
    expect(events.map((e) => e.type)).toEqual(['UserProfileChanged']);
  });

  it('each end raises the session version', () => {
    const ended: UserEvent = { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: null, at } };
    const state = [registered(), ended, ended].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toMatchObject({ sessionVersion: 2 });
  });

  it('given no user, when signed out, then 404; given one, then UserSignedOut with the token expiry', () => {
    const command: UserCommand = { type: 'SignOut', userId: 'u1', sessionId: 's1', expiresAt: later, at };
    expect(spec.given().when(command).thenThrows().status).toBe(404);
    spec
      .given(registered())
      .when(command)
      .thenEvents([{ type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's1', expiresAt: later, at } }]);
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
    spec
      .given(registered())
      .when({
        type: 'RequestPasswordReset',
        userId: 'u1',
        requestId: 'r1',
        expiresAt: inAnHour,
        at,
      })
      .thenEvents([requested]);
    expect(
      spec
        .given(registered(), requested)
        .when({
          type: 'RequestPasswordReset',
          userId: 'u1',
          requestId: 'r1',
          expiresAt: inAnHour,
          at,
        })
        .thenThrows().status,
    ).toBe(409);
    expect(
      spec
        .given()
        .when({
          type: 'RequestPasswordReset',
          userId: 'u1',
          requestId: 'r1',
          expiresAt: inAnHour,
          at,
        })
        .thenThrows().status,
    ).toBe(404);
  });

  it('given an open request, when reset within the hour, then the new hash, the link used, every session ended and the address proven', () => {
    const before = '2024-05-02T08:59:59.999Z';
    spec
      .given(registered(), requested)
      .when(reset(before))
      .thenEvents([
        { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$reset', at: before } },
        { type: 'PasswordResetCompleted', data: { userId: 'u1', requestId: 'r1', at: before } },
        { type: 'UserSessionsEnded', data: { userId: 'u1', keptSessionId: null, at: before } },
        { type: 'EmailVerified', data: { userId: 'u1', email: account.email, requestId: 'r1', at: before } },
      ]);
    const verified: UserEvent = {
      type: 'EmailVerified',
      data: { userId: 'u1', email: account.email, requestId: null, at },
    };
    expect(spec.given(registered(), verified, requested).when(reset(before)).events()).toHaveLength(3);
  });

  it('refuses with 400 a link that expired, was used, was overtaken, or was never asked for', () => {
    const open = [registered(), requested].reduce(userDecider.evolve, userDecider.initialState());
    const used = spec.given(registered(), requested, ...userDecider.decide(reset(at), open));
    const overtaken = spec.given(registered(), requested, {
      type: 'UserPasswordChanged',
      data: { userId: 'u1', passwordHash: 'scrypt$other', at },
    });
    const emailChanged = spec.given(registered(), requested, {
      type: 'UserProfileChanged',
      data: { ...account, email: 'new@example.pk', at },
    });
    const renamed = spec.given(registered(), requested, {
      type: 'UserProfileChanged',
      data: { ...account, name: 'Renamed', at },
    });
    const refusals = [
      spec.given(registered(), requested).when(reset(inAnHour)),
      used.when(reset(at)),
      overtaken.when(reset(at)),
      emailChanged.when(reset(at)),
      spec.given(registered(), requested).when(reset(at, 'r2')),
      spec.given().when(reset(at)),
    ].map((run) => {
      const error = run.thenThrows();
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
    expect(renamed.when(reset(at)).events()).toHaveLength(4);
  });
});

describe('promoting and demoting', () => {
  it('given a customer, when promoted, then UserRoleChanged to admin', () => {
    spec
      .given(registered())
      .when({ type: 'ChangeRole', userId: 'u1', isAdmin: true, at })
      .thenEvents([{ type: 'UserRoleChanged', data: { userId: 'u1', isAdmin: true, at } }]);
  });

  it('given an admin, when promoted again, then no events (idempotent)', () => {
    spec.given(registered(true)).when({ type: 'ChangeRole', userId: 'u1', isAdmin: true, at }).thenEvents([]);
  });

  it('given a promoted user, when demoted, then UserRoleChanged back to customer', () => {
    const promoted: UserEvent = { type: 'UserRoleChanged', data: { userId: 'u1', isAdmin: true, at } };
    spec
      .given(registered(), promoted)
      .when({ type: 'ChangeRole', userId: 'u1', isAdmin: false, at: later })
      .thenEvents([{ type: 'UserRoleChanged', data: { userId: 'u1', isAdmin: false, at: later } }]);
  });

  it('given no user, when promoted, then 404', () => {
    expect(
      spec.given().when({ type: 'ChangeRole', userId: 'u1', isAdmin: true, at }).thenThrows().status,
    ).toBe(404);
  });
});
