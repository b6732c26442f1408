import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../../test-support/decider-spec';
import type { AffiliateEvent } from './affiliate';
import { newAffiliateCode } from './code';
import { type AffiliateCommand, affiliateDecider } from './decide';
import { NEEDS_ORDER_AND_REVIEW_MESSAGE } from './eligibility';

const spec = DeciderSpec.for(affiliateDecider);

const at = '2024-05-01T10:00:00.000Z';

const request = (requestId: string, eligible = true): AffiliateCommand => ({
  type: 'RequestAffiliate',
  data: { requestId, userId: 'u1', eligible, at },
});
const approval = (requestId: string) => ({ requestId, userId: 'u1', code: 'ABCD2345', by: 'admin', at });
const rejection = (requestId: string) => ({ requestId, userId: 'u1', by: 'admin', at });
const approve = (requestId: string): AffiliateCommand => ({
  type: 'ApproveAffiliate',
  data: approval(requestId),
});
const reject = (requestId: string): AffiliateCommand => ({
  type: 'RejectAffiliate',
  data: rejection(requestId),
});
const requested = (requestId: string): AffiliateEvent => ({
  type: 'AffiliateRequested',
  data: { requestId, userId: 'u1', at },
});
const approved = (requestId: string): AffiliateEvent => ({
  type: 'AffiliateApproved',
  data: approval(requestId),
});
const rejected = (requestId: string): AffiliateEvent => ({
  type: 'AffiliateRejected',
  data: rejection(requestId),
});

describe('applying', () => {
  it('given no request and a review, when applying, then AffiliateRequested', () => {
    spec
      .given()
      .when(request('r1'))
      .thenEvents([requested('r1')]);
  });

  it('given no delivered order and review, when applying, then refused saying what is needed', () => {
    expect(spec.given().when(request('r1', false)).thenThrows().message).toBe(NEEDS_ORDER_AND_REVIEW_MESSAGE);
  });

  it('given a pending request, when applying again, then 409', () => {
    const error = spec.given(requested('r1')).when(request('r2')).thenThrows();
    expect([error.status, error.message]).toEqual([409, 'You already have a pending request.']);
  });

  it('given an approved affiliate, when applying, then 409', () => {
    const error = spec.given(requested('r1'), approved('r1')).when(request('r2')).thenThrows();
    expect([error.status, error.message]).toEqual([409, 'You are already an affiliate.']);
  });

  it('given a rejected request, when applying again, then a new request', () => {
    spec
      .given(requested('r1'), rejected('r1'))
      .when(request('r2'))
      .thenEvents([requested('r2')]);
  });
});

describe('deciding', () => {
  it('given a pending request, when approved, then AffiliateApproved with the code', () => {
    spec
      .given(requested('r1'))
      .when(approve('r1'))
      .thenEvents([approved('r1')]);
  });

  it('given a pending request, when rejected, then AffiliateRejected', () => {
    spec
      .given(requested('r1'))
      .when(reject('r1'))
      .thenEvents([rejected('r1')]);
  });

  it('given a decided or superseded request, when deciding it, then 409', () => {
    expect(spec.given(requested('r1'), rejected('r1')).when(approve('r1')).thenThrows().status).toBe(409);
    expect(spec.given(requested('r1'), approved('r1')).when(reject('r1')).thenThrows().status).toBe(409);
    expect(
      spec.given(requested('r1'), rejected('r1'), requested('r2')).when(approve('r1')).thenThrows().status,
    ).toBe(409);
  });

  it('given nothing, when deciding, then 404', () => {
    expect(spec.given().when(approve('r1')).thenThrows().status).toBe(404);
  });
});

describe('affiliate codes', () => {
  it('are 8 unambiguous upper-case characters', () => {
    for (let i = 0; i < 50; i++) expect(newAffiliateCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });
});
