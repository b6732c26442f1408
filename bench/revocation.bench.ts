import { findCustomer } from '@shop/projections';
import { apiRoutes } from '@shop/services/api';
import { issueToken } from '@shop/services/platform/http/auth';
import { openShop } from '@shop/services/shop';
import type { Hono } from 'hono';
import { type BenchResult, bestOfInterleaved, inTempDir, timed } from './measure';

const SIGNED_OUT = 5_000;
const READS = 20_000;
const ROUNDS = 5;

/**
 * Authenticated reads (`GET /api/users/profile`) through the shop's own API routes, in process, with
 * the revocation check (decision 016: the caller's row, their session version and whether their
 * session was signed out, in one statement) against the same routes on the same store and read models
 * with the lookup as it was before it (the customer row alone). 5,000 signed-out sessions sit in the
 * read model, so the check's lookup is not into an empty table.
 */
export async function runRevocationBench(): Promise<BenchResult[]> {
  return inTempDir(async (dataDir) => {
    const shop = await openShop({
      dataDir,
      durability: 'relaxed',
      signingSecret: 'bench-signing-secret-of-32-characters-or-more',
    });
    try {
      const registered = await shop.app.request('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Shopper',
          email: 'bench-shopper@example.pk',
          contact: '0300-1234567',
          password: 'bench shopper password',
        }),
      });
      if (registered.status !== 201)
        throw new Error(`register: ${registered.status} ${await registered.text()}`);
      const { id, token } = (await registered.json()) as { id: string; token: string };
      for (let i = 0; i < SIGNED_OUT; i += 1) {
        const other = await issueToken(shop.deps, { id, isAdmin: false, sessionVersion: 0 });
        const out = await shop.app.request('/api/auth/logout', {
          method: 'POST',
          headers: { authorization: `Bearer ${other}` },
        });
        if (out.status !== 204) throw new Error(`logout: ${out.status} ${await out.text()}`);
      }

      const after = apiRoutes(shop.deps);
      const before = apiRoutes({
        ...shop.deps,
        lookupCaller: (userId) => {
          const user = findCustomer(shop.deps.readModels, { id: userId });
          return user && { ...user, sessionVersion: 0, keptSessionId: null, sessionEnded: false };
        },
      });
      const reads = (app: Hono) =>
        timed(READS, async () => {
          for (let i = 0; i < READS; i += 1) {
            const response = await app.request('/users/profile', {
              headers: { authorization: `Bearer ${token}` },
            });
            if (response.status !== 200)
              throw new Error(`profile: ${response.status} ${await response.text()}`);
            await response.arrayBuffer();
          }
        });
      const best = await bestOfInterleaved(
        ROUNDS,
        () => reads(after),
        () => reads(before),
      );
      return [
        {
          name: 'authenticated reads, revocation check / without',
          unit: 'reads/s',
          ours: best.ours,
          baseline: best.baseline,
          baselineLabel: `same routes and read models, caller looked up without the session check; GET /api/users/profile in process, ${SIGNED_OUT.toLocaleString('en-US')} signed-out sessions, best of ${ROUNDS}, interleaved`,
        },
      ];
    } finally {
      await shop.close();
    }
  });
}
