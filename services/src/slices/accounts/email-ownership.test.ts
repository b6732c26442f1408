import type {
  AuthResponse,
  EmailVerifiedAnswer,
  ErrorBody,
  RegistrationAwaitingClaim,
  User,
} from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../platform/http/auth';
import { TEST_PUBLIC_URL, testMailSettings, waitForCounts } from '../../test-support/mail-shop';
import { type ReceivedMail, SmtpInbox } from '../../test-support/smtp-inbox';
import {
  aRegistration,
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';
import { createProduct, placeOrderOk } from '../orders/order-test-kit';
import { VERIFY_LINK } from './decide';
import { CLAIM_SENT, EMAIL_CLAIMED, EMAIL_VERIFIED } from './email-ownership';

// The attack of the finding: someone registers with another person's address and a "name" that is
// a message, then orders with an address that is a link, so the shop's real sender mails both to
// the victim. And the victim, the address's owner, then cannot register.
let inbox: SmtpInbox;
let t: TestShop;
let admin: SignedInUser;
const victim = 'victim@example.pk';

beforeEach(async () => {
  inbox = await SmtpInbox.start();
  t = await openTestShop({ mail: testMailSettings(inbox) });
  admin = await signInAdmin(t);
});
afterEach(async () => {
  await t.close();
  await inbox.down();
});

const register = (body: ReturnType<typeof aRegistration>, address = '127.0.0.1') =>
  t.request<AuthResponse & RegistrationAwaitingClaim & ErrorBody>('POST', '/api/auth/register', {
    body,
    address,
  });
const follow = (token: string) =>
  t.request<EmailVerifiedAnswer & ErrorBody>('POST', '/api/auth/verify-email', { body: { token } });
const profileOf = (token: string) => t.request<User & ErrorBody>('GET', '/api/users/profile', { token });
const tokenOf = (mail: ReceivedMail) => {
  const link = mail.links.find((href) => href.startsWith(`${TEST_PUBLIC_URL}/verify-email?token=`));
  if (!link) throw new Error(`no verification link in ${mail.subject}`);
  return new URL(link).searchParams.get('token')!;
};
async function addressLinkTo(address: string, count = 1): Promise<ReceivedMail> {
  await inbox.waitUntil(() => inbox.addressLinksTo(address).length >= count);
  return inbox.addressLinksTo(address)[count - 1]!;
}

describe('a name is a name', () => {
  it('refuses a name that carries a message, a link or a line break, with 400 on the field', async () => {
    for (const name of [
      'Your refund is ready: call 0300-0000000',
      'Visit http://evil.example',
      'Ali\r\nBcc: x',
    ]) {
      const response = await register(aRegistration({ email: victim, name }));
      expect([response.status, response.body.fields?.[0]?.field]).toEqual([400, 'name']);
    }
    expect((await register(aRegistration({ name: 'Zoë O’Brien-Ansari' }))).status).toBe(201);
  });
});

describe('an unverified address is sent nothing but the link to verify it', () => {
  it('mails the squatter’s victim only the verification, quoting nothing the squatter typed; the order’s e-mail is withheld', async () => {
    const squatter = await registerUser(t, { email: victim, name: 'Refund Desk' }, { verifyEmail: false });
    expect(squatter.emailVerified).toBe(false);
    const tee = await createProduct(t, admin);
    const order = await placeOrderOk(t, squatter, [{ product: tee, qty: 1 }], {
      paymentMethod: 'COD',
      shippingAddress: {
        fullName: 'Refund Desk',
        address: 'Visit http://evil.example/refund to confirm',
        city: 'Lahore',
        postalCode: '54000',
        country: 'Pakistan',
        phone: '0300-1234567',
      },
    });

    const verification = await addressLinkTo(victim);
    expect(verification.subject).toBe('Verify your e-mail address for Apex Athletics');
    expect(verification.text).toContain('Hello,\n');
    expect(verification.text).not.toContain('Refund Desk');
    await waitForCounts(t, admin, (counts) => counts.sent === 1 && counts.waiting === 0);
    expect(inbox.received.filter((mail) => mail.to.includes(victim))).toHaveLength(1);
    expect(JSON.stringify(inbox.received)).not.toContain('evil.example');
    // Cash on delivery is still confirmed without the e-mail: on the order's page (or by phone).
    const confirmed = await t.request<{ confirmation: { state: string } }>(
      'POST',
      `/api/orders/${order.id}/confirm`,
      {
        token: squatter.token,
      },
    );
    expect([confirmed.status, confirmed.body.confirmation.state]).toEqual([200, 'confirmed']);
  });

  it('once she follows the link, the address is verified and the shop’s e-mails reach her', async () => {
    const shopper = await registerUser(t, { name: 'Hina' }, { verifyEmail: false });
    const verified = await follow(tokenOf(await addressLinkTo(shopper.email)));
    expect([verified.status, verified.body]).toEqual([
      200,
      { message: EMAIL_VERIFIED, email: shopper.email, outcome: 'verified' },
    ]);
    expect((await profileOf(shopper.token)).body.emailVerified).toBe(true);

    const order = await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);
    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    expect(inbox.to(shopper.email)[0]!.subject).toBe(`Please confirm your order ${order.reference}`);
    expect(inbox.to(shopper.email)[0]!.text).toContain('Hello Hina,');
  });

  it('refuses a used, forged or malformed link with 400 saying which, and changes nothing', async () => {
    const shopper = await registerUser(t, {}, { verifyEmail: false });
    const token = tokenOf(await addressLinkTo(shopper.email));
    const head = await t.deps.store.headPosition();
    for (const bad of [
      `${token.slice(0, -2)}xx`,
      `${token}=`,
      token.replace(/^v\./, 'c.'),
      'v.a.b.c',
      'nonsense',
    ]) {
      const response = await follow(bad);
      expect([bad, response.status, response.body.message]).toEqual([bad, 400, VERIFY_LINK.invalid]);
    }
    expect(await t.deps.store.headPosition()).toBe(head);
    expect((await follow(token)).status).toBe(200);
    const again = await follow(token);
    expect([again.status, again.body.message]).toEqual([400, VERIFY_LINK.used]);
  });

  it('mails a fresh link on request, and none once verified (409)', async () => {
    const shopper = await registerUser(t, {}, { verifyEmail: false });
    await addressLinkTo(shopper.email);
    const resend = () =>
      t.request<{ message: string } & ErrorBody>('POST', '/api/auth/verify-email/resend', {
        token: shopper.token,
      });
    expect((await resend()).status).toBe(202);
    const second = await addressLinkTo(shopper.email, 2);
    expect((await follow(tokenOf(second))).status).toBe(200);
    expect((await resend()).status).toBe(409);
    expect((await t.request('POST', '/api/auth/verify-email/resend', {})).status).toBe(401);
  });

  it('a new e-mail on the profile starts unverified, with its own link; the old link no longer verifies', async () => {
    const shopper = await registerUser(t, { password: 'her own password' }, { verifyEmail: false });
    const oldToken = tokenOf(await addressLinkTo(shopper.email));
    const changed = await t.request<User>('PUT', '/api/users/profile', {
      token: shopper.token,
      body: { email: 'hina.new@example.pk', currentPassword: 'her own password' },
    });
    expect([changed.status, changed.body.emailVerified]).toEqual([200, false]);
    const stale = await follow(oldToken);
    expect([stale.status, stale.body.message]).toEqual([400, VERIFY_LINK.superseded]);
    const fresh = await follow(tokenOf(await addressLinkTo('hina.new@example.pk')));
    expect([fresh.status, fresh.body.email]).toEqual([200, 'hina.new@example.pk']);
  });
});

describe('the owner of an address takes it back from an account that never verified it', () => {
  it('registering with a squatted address mails the owner a claim link; following it makes her account and the squatter loses the address', async () => {
    const squatter = await registerUser(t, { email: victim, name: 'Refund Desk' }, { verifyEmail: false });
    const claim = await register(
      aRegistration({ email: victim, name: 'Maryam', password: 'the owner’s password' }),
    );
    expect([claim.status, claim.body]).toEqual([
      202,
      { message: CLAIM_SENT, email: victim, awaitingClaim: true },
    ]);
    expect(claim.body.token).toBeUndefined();

    const claimLink = () => inbox.addressLinksTo(victim).find((mail) => mail.subject.startsWith('Claim'));
    await inbox.waitUntil(() => claimLink() !== undefined);
    const claimMail = claimLink()!;
    expect(claimMail.subject).toBe('Claim your e-mail address at Apex Athletics');
    expect(claimMail.text).not.toContain('Maryam');
    const claimed = await follow(tokenOf(claimMail));
    expect([claimed.status, claimed.body]).toEqual([
      200,
      { message: EMAIL_CLAIMED, email: victim, outcome: 'claimed' },
    ]);

    const signedIn = await t.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: victim, password: 'the owner’s password' },
    });
    expect([signedIn.status, signedIn.body.name, signedIn.body.emailVerified]).toEqual([200, 'Maryam', true]);
    expect(signedIn.body.id).not.toBe(squatter.id);
    const ended = await profileOf(squatter.token);
    expect([ended.status, ended.body.message]).toEqual([401, SESSION_ENDED]);
    const squatterLogin = await t.request('POST', '/api/auth/login', {
      body: { email: victim, password: squatter.password },
    });
    expect(squatterLogin.status).toBe(401);
    expect((await follow(tokenOf(claimMail))).status).toBe(400);
  });

  it('an address its account verified is not claimable: registering answers 409 and mails nothing', async () => {
    await registerUser(t, { email: victim });
    const response = await register(aRegistration({ email: victim }));
    expect(response.status).toBe(409);
    await waitForCounts(t, admin, (counts) => counts.waiting === 0 && counts.sent === 1);
    expect(inbox.addressLinksTo(victim)).toHaveLength(1);
  });
});
