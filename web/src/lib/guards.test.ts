import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { aSession } from '../test/builders';
import {
  afterSignIn,
  type GuardArgs,
  RedirectSearch,
  requireAccountToCheckout,
  requireAdmin,
  requireShopper,
  requireSignedIn,
} from './guards';
import { auth, signIn } from './session';

const at = (href: string): GuardArgs => ({ context: { auth }, location: { href } });

function thrownBy(guard: () => void): unknown {
  try {
    guard();
  } catch (caught) {
    return caught;
  }
  return undefined;
}

describe('requireSignedIn', () => {
  it('sends a visitor of an account page to /login (they have an account), remembering the page', () => {
    const thrown = thrownBy(() => requireSignedIn(at('/track/AX-7K3M9Q')));

    expect(isRedirect(thrown)).toBe(true);
    expect(thrown).toMatchObject({ options: { to: '/login', search: { redirect: '/track/AX-7K3M9Q' } } });
  });

  it('lets a signed-in user through', () => {
    signIn(aSession());

    expect(thrownBy(() => requireSignedIn(at('/profile')))).toBeUndefined();
  });
});

describe('requireAccountToCheckout', () => {
  it('sends a visitor to /register (a first purchase is the common case), remembering the checkout', () => {
    const thrown = thrownBy(() => requireAccountToCheckout(at('/checkout?step=2')));

    expect(isRedirect(thrown)).toBe(true);
    expect(thrown).toMatchObject({ options: { to: '/register', search: { redirect: '/checkout?step=2' } } });
  });

  it('lets a signed-in user through', () => {
    signIn(aSession());

    expect(thrownBy(() => requireAccountToCheckout(at('/checkout')))).toBeUndefined();
  });
});

describe('requireShopper (the signed-in layout route)', () => {
  it('sends a visitor of checkout to /register and of another account page to /login', () => {
    expect(thrownBy(() => requireShopper(at('/checkout?step=2')))).toMatchObject({
      options: { to: '/register', search: { redirect: '/checkout?step=2' } },
    });
    expect(thrownBy(() => requireShopper(at('/checkouts')))).toMatchObject({ options: { to: '/login' } });
    expect(thrownBy(() => requireShopper(at('/order/AX-7K3M9Q#items')))).toMatchObject({
      options: { to: '/login', search: { redirect: '/order/AX-7K3M9Q#items' } },
    });
  });

  it('lets a signed-in user through to checkout and the account pages', () => {
    signIn(aSession());

    expect(thrownBy(() => requireShopper(at('/checkout')))).toBeUndefined();
    expect(thrownBy(() => requireShopper(at('/profile')))).toBeUndefined();
  });
});

describe('requireAdmin', () => {
  it('sends a customer to /login, remembering the page they wanted', () => {
    signIn(aSession({ isAdmin: false }));

    const thrown = thrownBy(() => requireAdmin(at('/admin/orders')));

    expect(isRedirect(thrown)).toBe(true);
    expect(thrown).toMatchObject({ options: { to: '/login', search: { redirect: '/admin/orders' } } });
  });

  it('sends a visitor to /login too', () => {
    expect(thrownBy(() => requireAdmin(at('/admin')))).toMatchObject({ options: { to: '/login' } });
  });

  it('lets an admin through', () => {
    signIn(aSession({ isAdmin: true }));

    expect(thrownBy(() => requireAdmin(at('/admin')))).toBeUndefined();
  });
});

describe('redirect memory', () => {
  it('keeps a path on this site', () => {
    expect(RedirectSearch.parse({ redirect: '/order/42?tab=items' })).toEqual({
      redirect: '/order/42?tab=items',
    });
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/register?redirect=/x',
  ])('drops %s', (target) => {
    expect(RedirectSearch.parse({ redirect: target })).toEqual({ redirect: undefined });
  });

  it('ignores a redirect that is not text', () => {
    expect(RedirectSearch.parse({ redirect: 42 })).toEqual({ redirect: undefined });
  });

  it('returns to the remembered page after sign-in, else home', () => {
    expect(afterSignIn('/checkout')).toBe('/checkout');
    expect(afterSignIn(undefined)).toBe('/');
    expect(afterSignIn('//evil.example')).toBe('/');
  });
});
