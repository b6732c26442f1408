import type { EventData, EventType, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db';
import { listCustomers } from './list';
import { customersProjector } from './projector';
import { findCredentials, findCustomer, findCustomerByEmail } from './queries';

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
      contact: '0300-1234567',
      isAdmin: false,
      affiliateUseCount: 0,
      createdAt: at,
      updatedAt: at,
    });
    expect(findCustomerByEmail(db, { email: ' A@Example.PK ' })?.id).toBe('u1');
    expect(findCustomer(db, { id: 'nobody' })).toBeUndefined();
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
});
