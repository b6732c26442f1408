import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../test/builders';
import { auth, sessionFromAuthResponse, sessionStore, signIn, signOut, useSession } from './session';

describe('session', () => {
  it('keeps the user and token from a login answer and persists them', () => {
    const user = aUser({ isAdmin: true });

    signIn(sessionFromAuthResponse({ ...user, token: 'jwt' }));

    expect(auth.isAuthenticated).toBe(true);
    expect(auth.isAdmin).toBe(true);
    expect(auth.token).toBe('jwt');
    expect(JSON.parse(localStorage.getItem('shop.session') ?? 'null')).toEqual({ user, token: 'jwt' });
  });

  it('re-renders readers on sign-out and forgets the stored session', () => {
    signIn(sessionFromAuthResponse({ ...aUser(), token: 'jwt' }));
    const { result } = renderHook(() => useSession());
    expect(result.current?.token).toBe('jwt');

    act(() => signOut());

    expect(result.current).toBeNull();
    expect(localStorage.getItem('shop.session')).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });
});
