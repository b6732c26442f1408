import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test-support/postgres';
import { NotificationListener, Notifier } from './postgres-notifications';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

it("wakes for another store's notifications and not for its own store's, whose subscriptions are woken already", async () => {
  const connectionString = await createTestDatabase('notify');
  const pool = new pg.Pool({ connectionString, max: 2 });
  closing.push(() => pool.end());
  const own = new Notifier(pool, 'shop_events', 'own-store');
  const other = new Notifier(pool, 'shop_events', 'other-store');
  let wakes = 0;
  let connected!: () => void;
  const listening = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const listener = new NotificationListener(
    { connectionString },
    'shop_events',
    () => {
      wakes += 1;
      connected();
    },
    own.sender,
  );
  closing.push(() => listener.stop());
  listener.start();
  await listening; // woken once on connecting
  expect(wakes).toBe(1);

  own.notify();
  other.notify();
  await expect.poll(() => wakes, { timeout: 5_000 }).toBe(2);
  // Its own store's notification was sent first; give it time to (wrongly) arrive late.
  own.notify();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(wakes).toBe(2);
});
