import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../test/builders';
import { auth, sessionFromAuthResponse, sessionStore, signIn, signOut, useSession } from './session';

describe('session', () => {
  it('keeps the user from a login answer and persists it, never the token (the cookie holds the session)', () => {
    const user = aUser({ isAdmin: true });

    signIn(sessionFromAuthResponse({ ...user, token: 'jwt' }));

    expect(auth.isAuthenticated).toBe(true);
    expect(auth.isAdmin).toBe(true);
    expect(JSON.parse(localStorage.getItem('shop.session') ?? 'null')).toEqual({ user });
    expect(localStorage.getItem('shop.session')).not.toContain('jwt');
  });

  it('re-renders readers on sign-out and forgets the stored session', () => {
    signIn(sessionFromAuthResponse({ ...aUser(), token: 'jwt' }));
    const { result } = renderHook(() => useSession());
    expect(result.current?.user.name).toBe('Ayesha Khan');

    act(() => signOut());

    expect(result.current).toBeNull();
    expect(localStorage.getItem('shop.session')).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the cart on sign-out: it belongs to the device, not the session', () => {
    localStorage.setItem('shop.cart', JSON.stringify([{ product: 'p1', qty: 2 }]));
    signIn(sessionFromAuthResponse({ ...aUser(), token: 'jwt' }));

    signOut();

    expect(JSON.parse(localStorage.getItem('shop.cart') ?? 'null')).toEqual([{ product: 'p1', qty: 2 }]);
  });
});
