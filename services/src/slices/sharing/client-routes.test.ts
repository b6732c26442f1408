import { describe, expect, it } from 'vitest';
import { clientRoutesOf } from './client-routes';
import { BUILT_ROUTES } from './page-test-kit';

describe('client routes', () => {
  const routes = clientRoutesOf(BUILT_ROUTES);

  it('matches pages as the router does: parameters, any case, a trailing slash', () => {
    for (const path of [
      '/',
      '/shopping',
      '/Shopping/',
      '/product/abc-123',
      '/admin',
      '/admin/edit/p1',
      '/track',
    ]) {
      expect(routes.isPage(path), path).toBe(true);
    }
  });

  it('matches nothing else', () => {
    for (const path of [
      '/no-such-page',
      '/product',
      '/product/a/b',
      '/admin/edit',
      '/api/products',
      '/shoppingx',
    ]) {
      expect(routes.isPage(path), path).toBe(false);
    }
    expect(clientRoutesOf(['/docs/$']).isPage('/docs/a/b/c')).toBe(true);
  });
});
