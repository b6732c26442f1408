import type { ErrorBody } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { AS_OF_IN_FUTURE, AS_OF_TOO_LATE, REPLAY_RUNNING, replayAsOf } from '../../platform/http/as-of';
import { openTestShop, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

// Every `asOf` replays the log from its start: a moment the log cannot hold is refused before any
// replay, and one admin runs one replay at a time.
let t: TestShop;
let admin: SignedInUser;
beforeEach(async () => {
  t = await openTestShop();
  admin = await signInAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const ask = (path: string) => t.request<ErrorBody>('GET', path, { token: admin.token });

describe('asOf', () => {
  it('refuses a moment past year 9999 in Pakistan with 400 on asOf (it answered 500)', async () => {
    for (const path of [
      '/api/admin/metrics',
      '/api/admin/reports/sales?from=2024-05-01&to=2024-05-02&by=day',
    ]) {
      const separator = path.includes('?') ? '&' : '?';
      const answer = await ask(`${path}${separator}asOf=9999-12-31T19:00:00Z`);
      expect([answer.status, answer.body.message, answer.body.fields?.[0]?.field]).toEqual([
        400,
        AS_OF_TOO_LATE,
        'asOf',
      ]);
    }
  });

  it('refuses a moment later than now with 400, and answers for now', async () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    const refused = await ask(`/api/admin/metrics?asOf=${later}`);
    expect([refused.status, refused.body.message]).toEqual([400, AS_OF_IN_FUTURE]);
    expect((await ask(`/api/admin/metrics?asOf=${new Date().toISOString()}`)).status).toBe(200);
  });

  it('runs one replay at a time per admin: a second one meanwhile is 429 with Retry-After; another admin goes on', async () => {
    const deps = { clock: () => new Date() };
    const now = new Date().toISOString();
    let finish: (value: string) => void = () => {};
    const first = replayAsOf(
      deps,
      'admin-a',
      now,
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    const second = await replayAsOf(deps, 'admin-a', now, async () => 'second').catch(
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(AppError);
    expect([(second as AppError).status, (second as AppError).message]).toEqual([429, REPLAY_RUNNING]);
    expect(await replayAsOf(deps, 'admin-b', now, async () => 'other admin')).toBe('other admin');
    finish('first');
    expect(await first).toBe('first');
    expect(await replayAsOf(deps, 'admin-a', now, async () => 'after')).toBe('after');
    const busy = await ask(`/api/admin/metrics?asOf=${now}`);
    expect(busy.status).toBe(200);
  });
});
