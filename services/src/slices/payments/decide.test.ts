import type { EventData } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../orders/order';
import {
  type AcceptProof,
  decidePayment,
  paymentDecider,
  type RejectProof,
  type SettlePayment,
  type StartPayment,
  type SubmitProof,
} from './decide';
import type { PaymentState } from './payment';

// Given the order's events, when a payment command, then these events or this error.

const AT = '2024-05-02T08:00:00.000Z';
const LATER = '2024-05-02T08:05:00.000Z';

const placed = (overrides: Partial<EventData<'OrderPlaced'>> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId: 'o1',
    reference: 'AX7K3M9Q',
    userId: 'ayesha',
    lines: [
      {
        lineId: 'l1',
        productId: 'p1',
        name: 'Tee',
        image: '',
        category: 'Tops',
        unitPrice: 125_000,
        qty: 1,
        size: 'MD',
      },
    ],
    shippingAddress: {
      fullName: 'Ayesha',
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0300-1234567',
    },
    paymentMethod: 'Card',
    itemsPrice: 125_000,
    discount: 0,
    shippingPrice: 20_000,
    totalPrice: 145_000,
    affiliateCode: null,
    affiliateUserId: null,
    confirmationRequired: false,
    at: AT,
    ...overrides,
  },
});
const started = (txnRef = 'T1', amount = 145_000): OrderEvent => ({
  type: 'PaymentStarted',
  data: { orderId: 'o1', userId: 'ayesha', txnRef, amount, expiresAt: LATER, at: AT },
});
const status = (from: string, to: string, paid = false): OrderEvent =>
  ({
    type: 'StatusChanged',
    data: { orderId: 'o1', from, to, by: 'admin', paid, delivered: false, at: AT },
  }) as OrderEvent;
const succeeded = (txnRef = 'T1'): OrderEvent => ({
  type: 'PaymentSucceeded',
  data: {
    orderId: 'o1',
    userId: 'ayesha',
    txnRef,
    amount: 145_000,
    via: 'ipn',
    authCode: 'A',
    retrievalRef: 'R',
    at: AT,
  },
});
const failed = (txnRef = 'T1'): OrderEvent => ({
  type: 'PaymentFailed',
  data: { orderId: 'o1', userId: 'ayesha', txnRef, via: 'ipn', code: '199', message: 'Declined', at: AT },
});
const submitted = (proofId = 'pr1'): OrderEvent => ({
  type: 'PaymentProofSubmitted',
  data: {
    proofId,
    orderId: 'o1',
    userId: 'ayesha',
    transactionId: 'TX1',
    image: '/uploads/a.webp',
    amount: 145_000,
    at: AT,
  },
});

const given = (...events: OrderEvent[]): PaymentState =>
  events.reduce(paymentDecider.evolve, paymentDecider.initialState());

const start = (data: Partial<StartPayment['data']> = {}): StartPayment => ({
  type: 'StartPayment',
  data: { orderId: 'o1', by: 'ayesha', txnRef: 'T2', expiresAt: LATER, at: LATER, ...data },
});
const settle = (data: Partial<SettlePayment['data']> = {}): SettlePayment => ({
  type: 'SettlePayment',
  data: {
    orderId: 'o1',
    noticeId: 'n1',
    txnRef: 'T1',
    amount: 145_000,
    outcome: 'paid',
    code: '000',
    message: 'OK',
    authCode: 'A1',
    retrievalRef: 'R1',
    via: 'ipn',
    at: LATER,
    ...data,
  },
});
const submit = (data: Partial<SubmitProof['data']> = {}): SubmitProof => ({
  type: 'SubmitProof',
  data: {
    orderId: 'o1',
    by: 'ayesha',
    proofId: 'pr2',
    transactionId: 'TX2',
    image: '/uploads/b.webp',
    at: LATER,
    ...data,
  },
});
const accept = (proofId = 'pr1'): AcceptProof => ({
  type: 'AcceptProof',
  data: { orderId: 'o1', proofId, by: 'admin', at: LATER },
});
const reject = (proofId = 'pr1'): RejectProof => ({
  type: 'RejectProof',
  data: { orderId: 'o1', proofId, by: 'admin', reason: 'Not in the statement', at: LATER },
});

const rejection = (reason: string, overrides: Record<string, unknown> = {}) => [
  {
    type: 'PaymentNoticeRejected',
    data: {
      noticeId: 'n1',
      orderId: 'o1',
      txnRef: 'T1',
      via: 'ipn',
      reason,
      code: '000',
      amount: 145_000,
      at: LATER,
      ...overrides,
    },
  },
];
const PAID = {
  type: 'StatusChanged',
  data: { orderId: 'o1', from: 'Pending', to: 'Paid', by: 'system', paid: true, delivered: false, at: LATER },
};

describe('starting a payment', () => {
  it("records the attempt for the order's whole amount", () => {
    expect(decidePayment(start(), given(placed()))).toEqual([
      {
        type: 'PaymentStarted',
        data: { orderId: 'o1', userId: 'ayesha', txnRef: 'T2', amount: 145_000, expiresAt: LATER, at: LATER },
      },
    ]);
  });

  it('is 404 for no order or someone else’s', () => {
    expect(() => decidePayment(start(), given())).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => decidePayment(start({ by: 'sana' }), given(placed()))).toThrow(
      expect.objectContaining({ status: 404, message: 'Order not found' }),
    );
  });

  it('is 409 for cash on delivery, a paid order, an order no longer Pending, or a reference used already', () => {
    const conflict = (state: PaymentState, message: string) =>
      expect(() => decidePayment(start(), state)).toThrow(expect.objectContaining({ status: 409, message }));
    conflict(
      given(placed({ paymentMethod: 'COD' })),
      'This order is paid cash on delivery: it is paid at the door.',
    );
    conflict(given(placed(), status('Pending', 'Paid', true)), 'This order has been paid already.');
    conflict(
      given(placed(), status('Pending', 'Processing')),
      'This order is Processing and can no longer be paid.',
    );
    conflict(
      given(placed(), status('Pending', 'Cancelled')),
      'This order is Cancelled and can no longer be paid.',
    );
    expect(() => decidePayment(start({ txnRef: 'T1' }), given(placed(), started('T1')))).toThrow(
      expect.objectContaining({ status: 409, message: 'This payment has been started already.' }),
    );
    expect(decidePayment(start({ txnRef: 'T2' }), given(placed(), started('T1'), failed('T1')))).toHaveLength(
      1,
    );
  });
});

describe('settling a payment from a believed notice', () => {
  it('pays the order: the success and the change to Paid by the system, in one append', () => {
    expect(decidePayment(settle(), given(placed(), started()))).toEqual([
      {
        type: 'PaymentSucceeded',
        data: {
          orderId: 'o1',
          userId: 'ayesha',
          txnRef: 'T1',
          amount: 145_000,
          via: 'ipn',
          authCode: 'A1',
          retrievalRef: 'R1',
          at: LATER,
        },
      },
      PAID,
    ]);
  });

  it('believes a notice that states no amount for the attempt’s own', () => {
    expect(
      decidePayment(settle({ amount: null, via: 'inquiry' }), given(placed(), started()))[0],
    ).toMatchObject({
      type: 'PaymentSucceeded',
      data: { amount: 145_000, via: 'inquiry' },
    });
  });

  it('changes nothing the second time, nor while still pending', () => {
    expect(
      decidePayment(settle(), given(placed(), started(), succeeded(), status('Pending', 'Paid', true))),
    ).toEqual([]);
    expect(decidePayment(settle({ outcome: 'pending', code: '157' }), given(placed(), started()))).toEqual(
      [],
    );
    expect(decidePayment(settle({ outcome: 'failed' }), given(placed(), started(), failed()))).toEqual([]);
  });

  it('records a failure, which leaves the order unpaid', () => {
    expect(
      decidePayment(
        settle({ outcome: 'failed', code: '199', message: 'Declined' }),
        given(placed(), started()),
      ),
    ).toEqual([
      {
        type: 'PaymentFailed',
        data: {
          orderId: 'o1',
          userId: 'ayesha',
          txnRef: 'T1',
          via: 'ipn',
          code: '199',
          message: 'Declined',
          at: LATER,
        },
      },
    ]);
  });

  it('records and changes nothing for an unknown reference, another amount, or a contradiction', () => {
    expect(decidePayment(settle({ txnRef: 'T9' }), given(placed(), started()))).toEqual(
      rejection('unknown-reference', { txnRef: 'T9' }),
    );
    expect(decidePayment(settle({ amount: 100 }), given(placed(), started()))).toEqual(
      rejection('amount-mismatch', { amount: 100 }),
    );
    expect(decidePayment(settle({ amount: 100, outcome: 'pending' }), given(placed(), started()))).toEqual(
      rejection('amount-mismatch', { amount: 100 }),
    );
    expect(decidePayment(settle(), given(placed(), started(), failed()))).toEqual(
      rejection('already-settled'),
    );
    expect(
      decidePayment(
        settle({ outcome: 'failed' }),
        given(placed(), started(), succeeded(), status('Pending', 'Paid', true)),
      ),
    ).toEqual(rejection('already-settled'));
  });

  it('records, without paying, money taken for an order cancelled or paid otherwise meanwhile', () => {
    expect(decidePayment(settle(), given(placed(), started(), status('Pending', 'Cancelled')))).toEqual(
      rejection('order-not-payable'),
    );
    expect(decidePayment(settle(), given(placed(), started(), status('Pending', 'Processing')))).toEqual(
      rejection('order-not-payable'),
    );
    const paidByProof = given(
      placed(),
      started(),
      started('T2'),
      succeeded('T2'),
      status('Pending', 'Paid', true),
    );
    expect(decidePayment(settle(), paidByProof)).toEqual(rejection('order-not-payable'));
    expect(decidePayment(settle({ outcome: 'failed' }), paidByProof)[0]).toMatchObject({
      type: 'PaymentFailed',
    });
  });

  it('is 404 for an order that is not there', () => {
    expect(() => decidePayment(settle(), given())).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('proofs of manual transfers', () => {
  it("are recorded for the order's amount", () => {
    expect(decidePayment(submit(), given(placed()))).toEqual([
      {
        type: 'PaymentProofSubmitted',
        data: {
          proofId: 'pr2',
          orderId: 'o1',
          userId: 'ayesha',
          transactionId: 'TX2',
          image: '/uploads/b.webp',
          amount: 145_000,
          at: LATER,
        },
      },
    ]);
  });

  it('are refused for someone else’s order (404), cash on delivery, a paid order, or while one waits (409)', () => {
    expect(() => decidePayment(submit({ by: 'sana' }), given(placed()))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => decidePayment(submit(), given())).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => decidePayment(submit(), given(placed({ paymentMethod: 'COD' })))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => decidePayment(submit(), given(placed(), submitted()))).toThrow(
      expect.objectContaining({
        status: 409,
        message: 'Your proof of payment is being checked: please wait for our answer.',
      }),
    );
    const rejectedOnce = given(
      placed(),
      submitted(),
      ...decidePayment(reject(), given(placed(), submitted())),
    );
    expect(decidePayment(submit(), rejectedOnce)).toHaveLength(1);
  });

  it('accepted, pay the order in one append; accepting again changes nothing', () => {
    const events = decidePayment(accept(), given(placed(), submitted()));
    expect(events).toEqual([
      {
        type: 'PaymentProofAccepted',
        data: {
          proofId: 'pr1',
          orderId: 'o1',
          userId: 'ayesha',
          transactionId: 'TX1',
          amount: 145_000,
          by: 'admin',
          at: LATER,
        },
      },
      { ...PAID, data: { ...PAID.data, by: 'admin' } },
    ]);
    const after = given(placed(), submitted(), ...events);
    expect(decidePayment(accept(), after)).toEqual([]);
    expect(() => decidePayment(reject(), after)).toThrow(
      expect.objectContaining({ status: 409, message: 'This proof was accepted: the order is paid.' }),
    );
  });

  it('rejected, carry the reason; rejecting again changes nothing; a rejected one cannot be accepted', () => {
    const events = decidePayment(reject(), given(placed(), submitted()));
    expect(events).toEqual([
      {
        type: 'PaymentProofRejected',
        data: {
          proofId: 'pr1',
          orderId: 'o1',
          userId: 'ayesha',
          reason: 'Not in the statement',
          by: 'admin',
          at: LATER,
        },
      },
    ]);
    const after = given(placed(), submitted(), ...events);
    expect(decidePayment(reject(), after)).toEqual([]);
    expect(() => decidePayment(accept(), after)).toThrow(
      expect.objectContaining({
        status: 409,
        message: 'This proof was rejected; the shopper can send another.',
      }),
    );
  });

  it('cannot pay an order paid or cancelled meanwhile, and an unknown proof is 404', () => {
    expect(() =>
      decidePayment(accept(), given(placed(), submitted(), status('Pending', 'Paid', true))),
    ).toThrow(expect.objectContaining({ status: 409 }));
    expect(() =>
      decidePayment(accept(), given(placed(), submitted(), status('Pending', 'Cancelled'))),
    ).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => decidePayment(accept('nope'), given(placed(), submitted()))).toThrow(
      expect.objectContaining({ status: 404, message: 'Proof of payment not found' }),
    );
    expect(() => decidePayment(reject('nope'), given(placed(), submitted()))).toThrow(
      expect.objectContaining({ status: 404, message: 'Proof of payment not found' }),
    );
    expect(() => decidePayment({ type: 'PayTwice' } as never, given(placed()))).toThrow(
      'Unknown payment command {"type":"PayTwice"}',
    );
    expect(() => decidePayment(accept(), given())).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('folding the order stream', () => {
  it('keeps the order as the order aggregate folds it, the total, attempts and proofs', () => {
    const state = given(
      placed(),
      started(),
      started('T2'),
      failed('T2'),
      submitted(),
      status('Pending', 'Paid', true),
    );
    expect(state.order).toMatchObject({ status: 'Paid', isPaid: true });
    expect(state.total).toBe(145_000);
    expect([...state.attempts]).toEqual([
      ['T1', { amount: 145_000, state: 'pending' }],
      ['T2', { amount: 145_000, state: 'failed' }],
    ]);
    expect([...state.proofs]).toEqual([['pr1', { transactionId: 'TX1', state: 'submitted' }]]);
  });

  it('ignores a settlement or decision for what it does not know, and never changes a folded state', () => {
    const before = given(placed(), started());
    const attempts = before.attempts;
    const after = [succeeded('T9'), failed('T9')].reduce(paymentDecider.evolve, before);
    expect([...after.attempts]).toEqual([['T1', { amount: 145_000, state: 'pending' }]]);
    const decided = paymentDecider.evolve(before, {
      type: 'PaymentProofAccepted',
      data: { proofId: 'x', orderId: 'o1', userId: 'ayesha', transactionId: 'T', amount: 1, by: 'a', at: AT },
    });
    expect(decided.proofs.size).toBe(0);
    paymentDecider.evolve(before, succeeded());
    expect(before.attempts).toBe(attempts);
    expect([...before.attempts]).toEqual([['T1', { amount: 145_000, state: 'pending' }]]);
  });
});
