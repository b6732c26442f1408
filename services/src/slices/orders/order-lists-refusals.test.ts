import type { Order, Page } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { ayesha, get, orderAt, t, useListsShop } from './order-lists-test-kit';

useListsShop();

describe('refusals', () => {
  const LISTS = [
    '/api/admin/lists/orders',
    '/api/admin/lists/orders.csv',
    '/api/admin/lists/customers',
    '/api/admin/lists/reviews',
    '/api/admin/lists/affiliate-requests',
    '/api/admin/lists/products',
  ];

  it('a customer gets 403 on every list and the export, and a visitor 401', async () => {
    for (const path of LISTS) {
      const answer = await get(path, ayesha);
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'FORBIDDEN']);
      expect((await t.request('GET', path)).status, path).toBe(401);
    }
  });

  it('a tampered, made-up or foreign cursor answers 400 with a message', async () => {
    for (let i = 0; i < 3; i++) await orderAt(`2024-05-02T08:0${i}:00.000Z`, ayesha);
    const page = await get<Page<Order>>('/api/admin/lists/orders?limit=1');
    const cursor = page.body.nextCursor ?? '';
    const [payload = '', signature = ''] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...decoded, t: 'z' })).toString('base64url');
    const bad = [
      `${forged}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      'not-a-cursor',
      Buffer.from(JSON.stringify(decoded)).toString('base64url'),
    ];
    for (const cursor of bad) {
      const answer = await get(`/api/admin/lists/orders?limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect([answer.status, answer.body.code], cursor).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.message).toMatch(/not valid/);
    }
    // The same cursor under another sort, or on another list, is foreign.
    for (const path of [
      '/api/admin/lists/orders?sort=oldest',
      '/api/admin/lists/customers',
      '/api/admin/lists/reviews',
    ]) {
      const answer = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
      expect(answer.status, path).toBe(400);
    }
    const good = await get<Page<Order>>(`/api/admin/lists/orders?limit=1&cursor=${cursor}`);
    expect(good.status).toBe(200);
  });

  it('bad parameters answer 400 naming what is wrong', async () => {
    for (const query of [
      'status=Lost',
      'paid=yes',
      'from=2024-13-01',
      'from=2024-05-03&to=2024-05-02',
      'limit=0',
      'limit=101',
      'sort=cheapest',
    ]) {
      const answer = await get(`/api/admin/lists/orders?${query}`);
      expect([answer.status, answer.body.code], query).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.message, query).toBeTruthy();
    }
  });
});
