import { expect, it } from 'vitest';
import { ROUTE_GROUPS, seed } from './hostile-routes';

it('the route table names every route the shop registers', async () => {
  const f = await seed();
  try {
    const table = new Set(
      Object.values(ROUTE_GROUPS)
        .flat()
        .map((r) => `${r.method} ${r.path}`),
    );
    const registered = f.t.shop.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    for (const route of registered) expect(table).toContain(route);
  } finally {
    await f.t.close();
  }
});
