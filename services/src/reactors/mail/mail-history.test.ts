import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createProduct, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { testMailSettings, waitForCounts } from '../../test-support/mail-shop';
import { SmtpInbox } from '../../test-support/smtp-inbox';
import { openTestShop, registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('sends nothing for history: not when mail is switched on for an old log, not after a rebuild, not after losing the read models', async () => {
  const inbox = await SmtpInbox.start();
  cleanup.push(() => inbox.down());
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-mail-history-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let t: TestShop | undefined;
  cleanup.push(() => t?.close());
  const subjects = () => inbox.received.map((mail) => mail.subject).sort();

  // Given a shop that ran without e-mail: orders placed, one dispatched.
  t = await openTestShop({ dataDir });
  let admin = await signInAdmin(t);
  const shopper = await registerUser(t);
  const tee = await createProduct(t, admin);
  const old = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  const older = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await setStatus(t, admin, older.id, 'Dispatched');
  await t.close();

  // When e-mail is switched on, only what happens from then on is mailed.
  t = await openTestShop({ dataDir, mail: testMailSettings(inbox) });
  admin = await signInAdmin(t);
  const fresh = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await setStatus(t, admin, old.id, 'Dispatched');
  await waitForCounts(t, admin, (c) => c.sent === 2 && c.waiting === 0);
  expect(subjects()).toEqual(
    [`Please confirm your order ${fresh.reference}`, `Your order ${old.reference} is on its way`].sort(),
  );

  // A rebuild of every read model replays the log: it sends nothing.
  const rebuilt = await t.request('POST', '/api/admin/projections/rebuild', { token: admin.token, body: {} });
  expect(rebuilt.status).toBe(200);
  const afterRebuild = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await waitForCounts(t, admin, (c) => c.sent === 3 && c.waiting === 0);
  expect(inbox.received).toHaveLength(3);
  await t.close();

  // Losing the read models (they are rebuilt from the log at start) sends nothing either.
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(join(dataDir, `read-models.sqlite${suffix}`), { force: true });
  t = await openTestShop({ dataDir, mail: testMailSettings(inbox) });
  await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 10_000);
  admin = await signInAdmin(t);
  const last = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await waitForCounts(t, admin, (c) => c.sent === 4 && c.waiting === 0);
  expect(subjects()).toEqual(
    [
      `Please confirm your order ${fresh.reference}`,
      `Your order ${old.reference} is on its way`,
      `Please confirm your order ${afterRebuild.reference}`,
      `Please confirm your order ${last.reference}`,
    ].sort(),
  );
});
