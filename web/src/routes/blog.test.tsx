import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('blog page', () => {
  // The msw server refuses any undeclared call, so rendering with no handlers proves there are none.
  it('shows the hero with Shop Collection, six articles and three popular posts, without server calls', async () => {
    renderApp('/blog');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Elevate Your Game with Premium Sportswear' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Collection' }).getAttribute('href')).toBe('/shopping');

    const articles = within(screen.getByRole('region', { name: 'Latest articles' })).getAllByRole('article');
    expect(articles.map((article) => article.querySelector('.eyebrow')?.textContent)).toEqual([
      'Performance',
      'Lifestyle',
      'Outdoor',
      'Performance',
      'Training',
      'Recovery',
    ]);

    const popular = within(screen.getByRole('region', { name: 'Popular Blog Posts' }));
    const links = popular.getAllByRole('link', { name: /^Continue Reading/ });
    expect(links).toHaveLength(3);
    for (const link of links) {
      const target = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(target)?.tagName).toBe('ARTICLE');
    }
  });
});
