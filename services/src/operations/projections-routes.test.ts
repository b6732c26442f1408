import type { ProjectionStatus } from '@shop/projections';
import { describe, expect } from 'vitest';
import { it } from '../test-support/shop-test';
import { registerUser, signInAdmin, type TestShop } from '../test-support/test-shop';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

describe('GET /api/admin/projections', () => {
  it('answers each read model’s checkpoint, lag and state to an admin', async () => {
    const admin = await signInAdmin(t);
    const head = await t.deps.store.headPosition();
    const response = await t.request<ProjectionStatus>('GET', '/api/admin/projections', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.head).toBe(head);
    expect(response.body.projectors.length).toBeGreaterThan(0);
    for (const projector of response.body.projectors) {
      expect(projector).toMatchObject({ state: 'running', checkpoint: head, lagEvents: 0, lastError: null });
    }
  });

  it('is refused to a customer and to a caller without a token', async () => {
    const shopper = await registerUser(t);
    expect((await t.request('GET', '/api/admin/projections', { token: shopper.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/projections')).status).toBe(401);
  });
});

describe('POST /api/admin/projections/rebuild', () => {
  it('rebuilds the named read models online and says up to where', async () => {
    const admin = await signInAdmin(t);
    const response = await t.request('POST', '/api/admin/projections/rebuild', {
      token: admin.token,
      body: { names: ['catalogue'] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ rebuilt: ['catalogue'], position: await t.deps.store.headPosition() });
  });

  it('refuses an unknown read model by name', async () => {
    const admin = await signInAdmin(t);
    const response = await t.request('POST', '/api/admin/projections/rebuild', {
      token: admin.token,
      body: { names: ['nope'] },
    });
    expect(response.status).toBe(400);
  });
});
