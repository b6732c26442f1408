import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventData, NO_STREAM, streams } from '@shop/contracts';
import { findReactorCheckpoint } from '@shop/projections';
import { afterEach, expect, it } from 'vitest';
import { createProduct, placeOrderOk } from '../../slices/orders/order-test-kit';
import { testMailSettings, waitForCounts } from '../../test-support/mail-shop';
import { SmtpInbox } from '../../test-support/smtp-inbox';
import { openTestShop, registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('a restarted shop takes back at once a message that a process of two restarts ago died sending', async () => {
  const inbox = await SmtpInbox.start();
  cleanup.push(() => inbox.down());
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-mail-restart-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let t: TestShop | undefined;
  cleanup.push(() => t?.close());

  // Process A runs the e-mail outbox, and (below) dies in the middle of sending a confirmation.
  t = await openTestShop({ dataDir, mail: testMailSettings(inbox) });
  const lifeA = findReactorCheckpoint(t.deps.readModels, 'outbox-email')!.lives[0]!;
  const admin = await signInAdmin(t);
  const shopper = await registerUser(t);
  const tee = await createProduct(t, admin);
  await t.close();
  // Process B starts and is gone again before it sends anything.
  t = await openTestShop({ dataDir, mail: testMailSettings(inbox) });
  await t.close();
  // What A left in the log: the order, its confirmation owed and leased by A for another hour.
  t = await openTestShop({ dataDir });
  const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  const [placed] = await t.deps.store.readStream(streams.order(order.id), { maxCount: 1 });
  const stream = streams.outbox('email', 'order-confirmation', placed!.id);
  const now = t.clock.now();
  const owed: EventData<'MessageOwed'> = {
    channel: 'email',
    kind: 'order-confirmation',
    causeEventId: placed!.id,
    causePosition: placed!.position,
    to: shopper.email,
    toName: shopper.name,
    at: now.toISOString(),
  };
  const lease: EventData<'MessageSendStarted'> = {
    owner: lifeA,
    attempt: 1,
    until: new Date(now.getTime() + 60 * 60_000).toISOString(),
    at: now.toISOString(),
  };
  await t.deps.store.append(
    stream,
    [
      { type: 'MessageOwed', data: owed },
      { type: 'MessageSendStarted', data: lease },
    ],
    { expectedRevision: NO_STREAM },
  );
  await t.close();

  // Process C knows A is dead, as well as B: it sends the confirmation now, not when A's lease ends.
  t = await openTestShop({ dataDir, mail: testMailSettings(inbox) });
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
  expect(inbox.to(shopper.email)[0]!.subject).toBe(`Please confirm your order ${order.reference}`);
  await waitForCounts(t, await signInAdmin(t), (c) => c.sent === 2 && c.waiting === 0);
  expect((await t.deps.store.readStream(stream)).map((event) => event.type)).toEqual([
    'MessageOwed',
    'MessageSendStarted',
    'MessageSendStarted',
    'MessageSent',
  ]);
});
