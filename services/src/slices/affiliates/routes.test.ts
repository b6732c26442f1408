import type {
  AffiliateCodeCheck,
  AffiliateRequest,
  ErrorBody,
  MyAffiliate,
  Order,
  Product,
  User,
} from '@shop/contracts';
import { NO_STREAM, streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, orderBody, placeOrderOk, postReview, setStatus } from '../orders/order-test-kit';
import { claimNewAffiliateCode } from './code-claims';
import { NEEDS_ORDER_AND_REVIEW_MESSAGE } from './eligibility';

let t: TestShop;
let admin: SignedInUser;
let aff: SignedInUser;
let buyer: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  aff = await registerUser(t, { name: 'Zara Affiliate', email: 'zara@example.pk', contact: '0333-7654322' });
  buyer = await registerUser(t, { name: 'Buyer' });
  tee = await createProduct(t, admin, { name: 'Tee', price: 40, countInStock: 100 });
});

type Answer = AffiliateRequest & ErrorBody & { message: string };
const apply = (user: SignedInUser) => t.request<Answer>('POST', '/api/affiliate', { token: user.token });
const decide = (id: string, verb: 'approve' | 'reject', user = admin) =>
  t.request<Answer>('PUT', `/api/affiliate/${id}/${verb}`, { token: user.token });
const me = async (user: SignedInUser) =>
  (await t.request<MyAffiliate>('GET', '/api/affiliate/me', { token: user.token })).body;

async function approvedAffiliate(): Promise<string> {
  await postReview(t, aff, tee);
  const request = await apply(aff);
  const approved = await decide(request.body.id, 'approve');
  return approved.body.code ?? '';
}

describe('applying: POST /api/affiliate', () => {
  it('is refused until the user has posted a review', async () => {
    const response = await apply(aff);
    expect([response.status, response.body.message]).toEqual([409, NEEDS_ORDER_AND_REVIEW_MESSAGE]);
    expect((await me(aff)).status).toBe('None');
  });

  it('answers the pending request with its status; a second open request is refused', async () => {
    await postReview(t, aff, tee);
    const response = await apply(aff);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'Pending',
      userId: aff.id,
      code: null,
      message: 'Request submitted! Status: Pending',
      User: { name: 'Zara Affiliate', email: 'zara@example.pk' },
    });
    const again = await apply(aff);
    expect([again.status, again.body.message]).toEqual([409, 'You already have a pending request.']);
  });

  it('lets a rejected user apply again, and refuses one who is already an affiliate', async () => {
    await postReview(t, aff, tee);
    const first = await apply(aff);
    const rejected = await decide(first.body.id, 'reject');
    expect(rejected.body).toMatchObject({ id: first.body.id, status: 'Rejected' });
    expect((await me(aff)).status).toBe('Rejected');

    const second = await apply(aff);
    expect(second.status).toBe(201);
    await decide(second.body.id, 'approve');
    const third = await apply(aff);
    expect([third.status, third.body.message]).toEqual([409, 'You are already an affiliate.']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('POST', '/api/affiliate')).status).toBe(401);
  });
});

describe('deciding: the admin calls', () => {
  it('list every request with its user; approve issues a unique code; only pending requests are decided', async () => {
    await postReview(t, aff, tee);
    const request = await apply(aff);
    const list = await t.request<AffiliateRequest[]>('GET', '/api/affiliate', { token: admin.token });
    expect(list.body).toEqual([
      expect.objectContaining({
        id: request.body.id,
        status: 'Pending',
        User: { name: 'Zara Affiliate', email: 'zara@example.pk' },
      }),
    ]);

    const approved = await decide(request.body.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: request.body.id, status: 'Approved' });
    expect(approved.body.code).toMatch(/^[A-Z2-9]{8}$/);

    for (const verb of ['approve', 'reject'] as const) {
      const again = await decide(request.body.id, verb);
      expect([verb, again.status]).toEqual([verb, 409]);
    }
    expect((await decide('no-such-request', 'approve')).status).toBe(404);
  });

  it('refuse a non-admin with 403 on each call', async () => {
    await postReview(t, aff, tee);
    const request = await apply(aff);
    const calls: [string, string][] = [
      ['GET', '/api/affiliate'],
      ['PUT', `/api/affiliate/${request.body.id}/approve`],
      ['PUT', `/api/affiliate/${request.body.id}/reject`],
    ];
    for (const [method, path] of calls) {
      expect((await t.request(method, path, { token: aff.token })).status).toBe(403);
    }
    expect((await me(aff)).status).toBe('Pending');
  });

  it('draws a new code when the first one is already claimed', async () => {
    await t.deps.store.append(
      streams.affiliateCodeClaim('TAKEN234'),
      [
        {
          type: 'ValueClaimed',
          data: { value: 'TAKEN234', ownerId: 'someone', at: '2024-05-01T00:00:00.000Z' },
        },
      ],
      { expectedRevision: NO_STREAM },
    );
    const draws = ['taken234', 'FRESH567'];
    const code = await claimNewAffiliateCode(t.deps, aff.id, admin.id, () => draws.shift() ?? 'NEVER');
    expect(code).toBe('FRESH567');
  });
});

describe('checking a code at checkout', () => {
  const check = (code: string, user = buyer) =>
    t.request<AffiliateCodeCheck & ErrorBody>('GET', `/api/affiliate/codes/${encodeURIComponent(code)}`, {
      token: user.token,
    });

  it('answers a valid code, in any case, with the discount it gives', async () => {
    const code = await approvedAffiliate();
    const response = await check(` ${code.toLowerCase()} `);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code, discountRate: 0.05 });
  });

  it('refuses a code nobody owns, a too long one and your own with the message the order would give', async () => {
    const code = await approvedAffiliate();
    const unknown = await check('notreal1');
    expect([unknown.status, unknown.body]).toEqual([
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Affiliate code NOTREAL1 is not valid.',
        fields: [{ field: 'affiliateCode', message: 'Affiliate code NOTREAL1 is not valid.' }],
      },
    ]);
    expect((await check('X'.repeat(40))).status).toBe(400);
    const own = await check(code, aff);
    expect([own.status, own.body.message]).toEqual([400, 'You cannot use your own affiliate code.']);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await t.request('GET', '/api/affiliate/codes/ANYCODE1')).status).toBe(401);
  });
});

describe('using a code', () => {
  it('gives 5% off, counts the use, and pays commission when delivered', async () => {
    const code = await approvedAffiliate();
    const order = await placeOrderOk(t, buyer, [{ product: tee, qty: 3 }], {
      affiliateCode: code.toLowerCase(),
    });
    expect(order).toMatchObject({
      itemsPrice: 120,
      discountPrice: 6,
      shippingPrice: 200,
      totalPrice: 314,
      affiliateCode: code,
    });

    const customers = await t.request<User[]>('GET', '/api/admin/users', { token: admin.token });
    expect(customers.body.find((c) => c.id === aff.id)?.affiliateUseCount).toBe(1);
    expect(await me(aff)).toEqual({
      status: 'Approved',
      requestId: expect.any(String),
      code,
      link: `/?ref=${code}`,
      useCount: 1,
      commission: { earned: 0, pending: 5.7 },
    });

    await setStatus(t, admin, order.id, 'Dispatched');
    await setStatus(t, admin, order.id, 'Delivered');
    expect((await me(aff)).commission).toEqual({ earned: 5.7, pending: 0 });
  });

  it('voids the commission when the order is cancelled', async () => {
    const code = await approvedAffiliate();
    const order = await placeOrderOk(t, buyer, [{ product: tee, qty: 1 }], { affiliateCode: code });
    expect(order).toMatchObject({ itemsPrice: 40, discountPrice: 2, shippingPrice: 200, totalPrice: 238 });
    await setStatus(t, admin, order.id, 'Cancelled');
    expect(await me(aff)).toMatchObject({ useCount: 1, commission: { earned: 0, pending: 0 } });
  });

  it("refuses the affiliate's own code and a code nobody owns with 400", async () => {
    const code = await approvedAffiliate();
    const own = await t.request<ErrorBody>('POST', '/api/orders', {
      token: aff.token,
      body: orderBody([{ product: tee, qty: 1 }], { affiliateCode: code }),
    });
    expect([own.status, own.body.message]).toEqual([400, 'You cannot use your own affiliate code.']);
    const unknown = await t.request<ErrorBody>('POST', '/api/orders', {
      token: buyer.token,
      body: orderBody([{ product: tee, qty: 1 }], { affiliateCode: 'ZZZZ9999' }),
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Affiliate code ZZZZ9999 is not valid.']);
  });

  it('refuses totals computed without the discount as changed prices', async () => {
    const code = await approvedAffiliate();
    const body = { ...orderBody([{ product: tee, qty: 1 }]), affiliateCode: code };
    const response = await t.request<Order & ErrorBody>('POST', '/api/orders', { token: buyer.token, body });
    expect([response.status, response.body.code]).toEqual([409, 'PRICE_CHANGED']);
  });
});

describe('self-referral: the affiliate behind another account', () => {
  const refusedOrder = async (
    user: SignedInUser,
    code: string,
    shipping: Partial<Order['shippingAddress']> = {},
  ) =>
    t.request<ErrorBody>('POST', '/api/orders', {
      token: user.token,
      body: orderBody([{ product: tee, qty: 1 }], {
        affiliateCode: code.toLowerCase(),
        paymentMethod: 'Card',
        shippingAddress: {
          ...orderBody([]).shippingAddress,
          phone: '0345-0000001',
          address: 'Elsewhere 9',
          ...shipping,
        },
      }),
    });

  it('a second account with her phone in another format is refused the code (check and order); nothing is counted', async () => {
    const code = await approvedAffiliate();
    const second = await registerUser(t, { name: 'Zara Affiliate', contact: '+92 333 7654322' });
    const checked = await t.request<ErrorBody>('GET', `/api/affiliate/codes/${code}`, {
      token: second.token,
    });
    expect([checked.status, checked.body.message]).toEqual([
      400,
      "This affiliate code cannot be used: the order shares the affiliate's phone number. Affiliates cannot use their own code.",
    ]);
    const order = await refusedOrder(second, code, { phone: '0333-7654322' });
    expect([order.status, order.body.fields?.[0]?.field]).toEqual([400, 'affiliateCode']);
    expect(await me(aff)).toMatchObject({ useCount: 0, commission: { earned: 0, pending: 0 } });
  });

  it('an order to her phone, her delivery address, or from her e-mail written another way is refused', async () => {
    const code = await approvedAffiliate();
    const [herOrder] = (await t.request<Order[]>('GET', '/api/orders/myorders', { token: aff.token })).body;
    const herAddress = herOrder?.shippingAddress;
    if (!herAddress) throw new Error('the affiliate has a delivered order');

    const byPhone = await refusedOrder(buyer, code, { phone: herAddress.phone.replace(/^0/, '+92 ') });
    expect(byPhone.body.message).toMatch(/shares the affiliate's phone number/);
    const byAddress = await refusedOrder(buyer, code, {
      address: `  ${herAddress.address.toUpperCase().replace(',', ' ,')} `,
      city: herAddress.city.toLowerCase(),
    });
    expect([byAddress.status, byAddress.body.message]).toEqual([
      400,
      "This affiliate code cannot be used: the order shares the affiliate's delivery address. Affiliates cannot use their own code.",
    ]);
    const sameMailbox = await registerUser(t, { email: 'Zara+shop@Example.pk', contact: '0345-0000002' });
    const byEmail = await refusedOrder(sameMailbox, code);
    expect(byEmail.body.message).toMatch(/shares the affiliate's e-mail address/);
    expect((await me(aff)).useCount).toBe(0);
    // A real customer elsewhere still gets the discount.
    const stranger = await registerUser(t, { contact: '0345-0000003' });
    const ok = await refusedOrder(stranger, code);
    expect(ok.status).toBe(201);
    expect((await me(aff)).useCount).toBe(1);
  });
});

describe('who may apply', () => {
  it('a review alone is not enough any more: one delivered order and one review of it', async () => {
    // An undelivered order and no review: refused.
    await placeOrderOk(t, aff, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
    const early = await apply(aff);
    expect([early.status, early.body.message]).toEqual([409, NEEDS_ORDER_AND_REVIEW_MESSAGE]);
    await postReview(t, aff, tee);
    expect((await apply(aff)).status).toBe(201);
  });
});
