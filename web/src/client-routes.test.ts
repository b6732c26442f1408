import { describe, expect, it } from 'vitest';
import { pagePaths, pathOfRoute } from '../client-routes';

describe('the client routes the build writes for the server', () => {
  it('turns route paths into the addresses the router matches', () => {
    expect(pathOfRoute('/')).toBe('/');
    expect(pathOfRoute('/admin/')).toBe('/admin');
    expect(pathOfRoute('/admin/edit/$id')).toBe('/admin/edit/$id');
    expect(pathOfRoute('/_auth/profile')).toBe('/profile');
    expect(pathOfRoute('/(shop)/cart')).toBe('/cart');
    expect(pathOfRoute('/posts_/$id/edit')).toBe('/posts/$id/edit');
  });

  it('lists each page once, leaving out layouts with children and pathless routes', () => {
    const node = (routePath: string, extra: { children?: unknown[]; isNonPath?: boolean } = {}) =>
      ({ routePath, ...extra }) as unknown as Parameters<typeof pagePaths>[0][number];
    const paths = pagePaths([
      node('/'),
      node('/admin', { children: [{}] }),
      node('/admin/'),
      node('/admin/orders'),
      node('/track/'),
      node('/track/$id'),
      node('/_layout', { isNonPath: true }),
    ]);
    expect(paths).toEqual(['/', '/admin', '/admin/orders', '/track', '/track/$id']);
  });
});
