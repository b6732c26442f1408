import { join } from 'node:path';
import { streams, type User } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { readStreamOrEmpty } from '../../platform/commands/aggregate-stream';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { it } from '../../test-support/shop-test';
import { openTestShop, registerUser, signIn, type TestShop } from '../../test-support/test-shop';
import { bootstrapAdmin } from './admin-bootstrap';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const config = { ADMIN_EMAIL: 'Owner@Example.pk', ADMIN_PASSWORD: 'owner password' };
const users = async (token: string) => (await t.request<User[]>('GET', '/api/admin/users', { token })).body;

describe('the admin from ADMIN_EMAIL/ADMIN_PASSWORD at start-up', () => {
  it('is created once: restarts change nothing', async () => {
    await bootstrapAdmin(t.deps, config);
    const head = await t.deps.store.headPosition();
    await bootstrapAdmin(t.deps, config);
    expect(await t.deps.store.headPosition()).toBe(head);
    const admin = await signIn(t, 'owner@example.pk', 'owner password');
    expect(admin.isAdmin).toBe(true);
    expect((await users(admin.token)).filter((u) => u.isAdmin)).toHaveLength(1);
  });

  it('promotes the user who already has the e-mail, keeping their password', async () => {
    const customer = await registerUser(t, { email: 'owner@example.pk', password: 'their own password' });
    await bootstrapAdmin(t.deps, config);
    const admin = await signIn(t, 'owner@example.pk', 'their own password');
    expect([admin.id, admin.isAdmin]).toEqual([customer.id, true]);
    const roleChanges = (await readStreamOrEmpty(t.deps.store, streams.user(customer.id))).filter(
      (e) => e.type === 'UserRoleChanged',
    );
    expect(roleChanges.map((e) => e.metadata.actor)).toEqual(['system']);
  });

  it('is created once when several instances start together on one store', async () => {
    const log = join(t.dataDir, 'shared-events.sqlite');
    const instances = await Promise.all(
      [1, 2, 3].map(() => openTestShop({ openStore: () => openSqliteEventStore({ path: log }) })),
    );
    try {
      await Promise.all(instances.map((instance) => bootstrapAdmin(instance.deps, config)));
      const registered = (await instances[0]!.deps.store.readAll()).filter(
        (e) => e.type === 'UserRegistered',
      );
      expect(registered).toHaveLength(1);
      for (const instance of instances) {
        await instance.deps.projections.waitForPosition(await instance.deps.store.headPosition(), 5_000);
        expect((await signIn(instance, 'owner@example.pk', 'owner password')).isAdmin).toBe(true);
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('does nothing without both variables', async () => {
    await bootstrapAdmin(t.deps, { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    expect(await t.deps.store.headPosition()).toBe(0);
  });
});
