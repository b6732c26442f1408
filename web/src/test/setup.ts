import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cartStore } from '../lib/cart';
import { flashStore } from '../lib/flash';
import { referralStore } from '../lib/referral';
import { sessionStore } from '../lib/session';
import { server } from './msw-server';

// Any call a test did not declare fails the test, so an unexpected request cannot pass unnoticed.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStore.set(null);
  cartStore.set([]);
  referralStore.set(null);
  flashStore.set(null);
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => server.close());
