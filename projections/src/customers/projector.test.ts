import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { customersProjector } from './projector';
import {
  findCredentials,
  findCustomer,
  findCustomerByEmail,
  findPasswordResetRequest,
  findSessionHolder,
  listCustomers,
} from './queries';

let position = 0;
function recorded<T extends EventType>(type: T, data: EventData<T>): RecordedEvent {
  position += 1;
  const metadata = { schemaVersion: 1, actor: 'test' };
  return { id: `e${position}`, streamName: 's', type, data, metadata, revision: 0, position, timestamp: 0 };
}

function project(...events: RecordedEvent[]) {
  const db = openReadModels(':memory:');
  for (const event of events) db.transaction(() => customersProjector.apply(event, db));
  return db;
}

const at = '2024-05-02T08:00:00.000Z';
const later = '2024-05-03T08:00:00.000Z';
const registered = (userId: string, email: string, extra: Partial<EventData<'UserRegistered'>> = {}) =>
  recorded('UserRegistered', {
    userId,
    name: `Name ${userId}`,
    email,
    contact: '0300-1234567',
    passwordHash: `scrypt$hash-of-${userId}`,
    isAdmin: false,
    at,
    ...extra,
  });

describe('the customers read model', () => {
  it('answers a registered user with the User fields and an affiliate count of 0', () => {
    const db = project(registered('u1', 'a@example.pk'));
    expect(findCustomer(db, { id: 'u1' })).toEqual({
      id: 'u1',
      name: 'Name u1',
      email: 'a@example.pk',
      emailVerified: false,
      contact: '0300-1234567',
      isAdmin: false,
      affiliateUseCount: 0,
      createdAt: at,
      updatedAt: at,
    });
    expect(findCustomerByEmail(db, { email: ' A@Example.PK ' })?.id).toBe('u1');
    expect(findCustomer(db, { id: 'nobody' })).toBeUndefined();
  });

  it('marks the address verified by a link to it; a new address starts unverified; a withdrawn one signs nobody in', () => {
    const verified = recorded('EmailVerified', { userId: 'u1', email: 'a@example.pk', requestId: 'r1', at });
    const db = project(registered('u1', 'a@example.pk'), verified);
    expect(findCustomer(db, { id: 'u1' })?.emailVerified).toBe(true);
    const moved = project(
      registered('u1', 'a@example.pk'),
      verified,
      recorded('UserProfileChanged', { userId: 'u1', name: 'N', email: 'b@example.pk', contact: '', at }),
      // A link to the old address, followed late, proves nothing about the new one.
      recorded('EmailVerified', { userId: 'u1', email: 'a@example.pk', requestId: 'r2', at }),
    );
    expect(findCustomer(moved, { id: 'u1' })?.emailVerified).toBe(false);
    const withdrawn = project(
      registered('u1', 'a@example.pk'),
      recorded('EmailWithdrawn', { userId: 'u1', email: 'a@example.pk', reclaimedBy: 'u2', at }),
    );
    expect(findCustomer(withdrawn, { id: 'u1' })).toMatchObject({ email: '', emailVerified: false });
    expect(findCredentials(withdrawn, { email: 'a@example.pk' })).toBeUndefined();
  });

  it('keeps the hash only in the credentials, which follow e-mail and password changes', () => {
    const db = project(
      registered('u1', 'a@example.pk'),
      recorded('UserProfileChanged', {
        userId: 'u1',
        name: 'Asma',
        email: 'asma@example.pk',
        contact: '',
        at: later,
      }),
      recorded('UserPasswordChanged', { userId: 'u1', passwordHash: 'scrypt$new', at: later }),
    );
    expect(JSON.stringify(findCustomer(db, { id: 'u1' }))).not.toContain('scrypt');
    expect(findCredentials(db, { email: 'a@example.pk' })).toBeUndefined();
    expect(findCredentials(db, { email: 'ASMA@example.pk' })).toEqual({
      userId: 'u1',
      passwordHash: 'scrypt$new',
    });
    expect(findCustomer(db, { id: 'u1' })).toMatchObject({ name: 'Asma', contact: '', updatedAt: later });
  });

  it('follows promotions and demotions', () => {
    const db = project(
      registered('u1', 'a@example.pk'),
      recorded('UserRoleChanged', { userId: 'u1', isAdmin: true, at: later }),
    );
    expect(findCustomer(db, { id: 'u1' })?.isAdmin).toBe(true);
    customersProjector.apply(recorded('UserRoleChanged', { userId: 'u1', isAdmin: false, at: later }), db);
    expect(findCustomer(db, { id: 'u1' })?.isAdmin).toBe(false);
  });

  it('lists customers in the order they registered, even within one instant', () => {
    const db = project(registered('zz', 'z@example.pk'), registered('aa', 'a@example.pk', { isAdmin: true }));
    expect(listCustomers(db).map((u) => [u.id, u.isAdmin])).toEqual([
      ['zz', false],
      ['aa', true],
    ]);
  });

  it('stops on a malformed event instead of writing a wrong row', () => {
    const db = openReadModels(':memory:');
    const broken = { ...registered('u1', 'a@example.pk'), data: { userId: 'u1' } };
    expect(() => customersProjector.apply(broken, db)).toThrow();
    expect(listCustomers(db)).toEqual([]);
  });

  describe('sessions', () => {
    const holder = (db: ReturnType<typeof project>, sessionId: string) =>
      findSessionHolder(db, { userId: 'u1', sessionId });
    const signedOut = (sessionId: string, at: string, expiresAt: string) =>
      recorded('UserSignedOut', { userId: 'u1', sessionId, expiresAt, at });
    const ended = (keptSessionId: string | null, at = later) =>
      recorded('UserSessionsEnded', { userId: 'u1', keptSessionId, at });

    it('answers a registered user at session version 0, no session kept or ended', () => {
      const db = project(registered('u1', 'a@example.pk'));
      expect(holder(db, 's1')).toEqual({
        ...findCustomer(db, { id: 'u1' }),
        sessionVersion: 0,
        keptSessionId: null,
        sessionEnded: false,
      });
      expect(findSessionHolder(db, { userId: 'nobody', sessionId: 's1' })).toBeUndefined();
    });

    it('raises the version and keeps the session each UserSessionsEnded names', () => {
      const db = project(registered('u1', 'a@example.pk'), ended('s1'));
      expect(holder(db, 's1')).toMatchObject({ sessionVersion: 1, keptSessionId: 's1' });
      customersProjector.apply(ended(null), db);
      expect(holder(db, 's1')).toMatchObject({ sessionVersion: 2, keptSessionId: null });
    });

    it('remembers a signed-out session until its token would have expired', () => {
      const db = project(
        registered('u1', 'a@example.pk'),
        signedOut('s1', at, '2024-05-09T08:00:00.000Z'),
        // Already expired when signed out: nothing to remember.
        signedOut('s0', at, at),
      );
      expect(holder(db, 's1')?.sessionEnded).toBe(true);
      expect(holder(db, 's0')?.sessionEnded).toBe(false);
      expect(holder(db, 's2')?.sessionEnded).toBe(false);
      // A sign-out a week later forgets the expired one (its token is refused by its expiry anyway).
      customersProjector.apply(signedOut('s3', '2024-05-09T08:00:00.000Z', '2024-05-16T08:00:00.000Z'), db);
      expect(db.all(db.qb.selectFrom('ended_sessions').select('session_id'))).toEqual([{ session_id: 's3' }]);
    });

    it('forgets the signed-out sessions the version already refuses, except the kept one', () => {
      const db = project(
        registered('u1', 'a@example.pk'),
        registered('u2', 'b@example.pk'),
        signedOut('s1', at, later),
        signedOut('s2', at, later),
        recorded('UserSignedOut', { userId: 'u2', sessionId: 't1', expiresAt: later, at }),
        ended('s2', at),
      );
      expect(
        db
          .all(db.qb.selectFrom('ended_sessions').select('session_id').orderBy('session_id'))
          .map((r) => r.session_id),
      ).toEqual(['s2', 't1']);
      customersProjector.apply(ended(null, at), db);
      expect(
        db
          .all(db.qb.selectFrom('ended_sessions').select('session_id').orderBy('session_id'))
          .map((r) => r.session_id),
      ).toEqual(['t1']);
    });
  });

  describe('password resets', () => {
    const requested = (requestId: string, at: string, expiresAt: string) =>
      recorded('PasswordResetRequested', { userId: 'u1', requestId, email: 'a@example.pk', expiresAt, at });

    it('finds the user who asked for a reset by its request id', () => {
      const db = project(registered('u1', 'a@example.pk'), requested('r1', at, later));
      expect(findPasswordResetRequest(db, { requestId: 'r1' })).toEqual({ userId: 'u1' });
      expect(findPasswordResetRequest(db, { requestId: 'r2' })).toBeUndefined();
    });

    it('forgets a request a day after it expired, when a new one comes', () => {
      const db = project(
        registered('u1', 'a@example.pk'),
        requested('r1', at, '2024-05-02T09:00:00.000Z'),
        requested('r2', '2024-05-02T08:30:00.000Z', '2024-05-02T09:30:00.000Z'),
        requested('r3', '2024-05-03T08:59:59.999Z', '2024-05-03T09:59:59.999Z'),
      );
      expect(findPasswordResetRequest(db, { requestId: 'r1' })).toEqual({ userId: 'u1' });
      customersProjector.apply(requested('r4', '2024-05-03T09:00:00.000Z', '2024-05-03T10:00:00.000Z'), db);
      expect(findPasswordResetRequest(db, { requestId: 'r1' })).toBeUndefined();
      expect(findPasswordResetRequest(db, { requestId: 'r2' })).toEqual({ userId: 'u1' });
    });
  });
});
