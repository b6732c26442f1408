import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { referralStore, rememberReferral } from './referral';

describe('referral memory', () => {
  it('remembers the code of a tracking link opened on any page, upper-cased, across visits', async () => {
    renderApp('/contact?ref=%20apex-7k2%20');
    await screen.findByRole('heading', { name: 'Contact us' });

    expect(referralStore.get()).toBe('APEX-7K2');
    expect(JSON.parse(localStorage.getItem('shop.ref') ?? 'null')).toBe('APEX-7K2');
  });

  it('keeps a numeric-looking code as text', () => {
    rememberReferral({ ref: 123456 });

    expect(referralStore.get()).toBe('123456');
  });

  it('lets a later link replace an earlier code, and ignores pages without one', () => {
    rememberReferral({ ref: 'FIRST' });
    rememberReferral({ ref: 'SECOND' });
    rememberReferral({ page: 2 });

    expect(referralStore.get()).toBe('SECOND');
  });

  it('ignores a ref that is not a code', () => {
    rememberReferral({ ref: '<script>' });
    rememberReferral({ ref: '' });
    rememberReferral({ ref: { nested: true } });

    expect(referralStore.get()).toBeNull();
  });
});
