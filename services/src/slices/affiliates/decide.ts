import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import {
  type AffiliateEvent,
  type AffiliateState,
  evolveAffiliate,
  initialAffiliateState,
} from './affiliate';

export interface RequestAffiliate {
  type: 'RequestAffiliate';
  /** `hasReview`: whether the user has posted a review, looked up by the handler. */
  data: { requestId: string; userId: string; hasReview: boolean; at: string };
}

export interface ApproveAffiliate {
  type: 'ApproveAffiliate';
  /** `code` is already claimed by the handler through its claim stream. */
  data: { requestId: string; userId: string; code: string; by: string; at: string };
}

export interface RejectAffiliate {
  type: 'RejectAffiliate';
  data: { requestId: string; userId: string; by: string; at: string };
}

export type AffiliateCommand = RequestAffiliate | ApproveAffiliate | RejectAffiliate;

export const NEEDS_REVIEW_MESSAGE = 'Please post at least one product review before applying.';

/** One open request at a time; an affiliate stays one; a rejected user may apply again. */
export function requestAffiliate(command: RequestAffiliate, state: AffiliateState): AffiliateEvent[] {
  if (state.status === 'Pending') throw conflict('You already have a pending request.');
  if (state.status === 'Approved') throw conflict('You are already an affiliate.');
  if (!command.data.hasReview) throw conflict(NEEDS_REVIEW_MESSAGE);
  const { requestId, userId, at } = command.data;
  return [{ type: 'AffiliateRequested', data: { requestId, userId, at } }];
}

export function approveAffiliate(command: ApproveAffiliate, state: AffiliateState): AffiliateEvent[] {
  assertPending(state, command.data.requestId, 'approved');
  return [{ type: 'AffiliateApproved', data: command.data }];
}

export function rejectAffiliate(command: RejectAffiliate, state: AffiliateState): AffiliateEvent[] {
  assertPending(state, command.data.requestId, 'rejected');
  return [{ type: 'AffiliateRejected', data: command.data }];
}

/** Only the user's current, pending request can be decided. */
export function assertPending(state: AffiliateState, requestId: string, verb: 'approved' | 'rejected'): void {
  if (state.status === 'None') throw notFound('Affiliate request not found');
  if (state.status !== 'Pending' || state.requestId !== requestId) {
    throw conflict(`Only a pending request can be ${verb}; this one is no longer pending.`);
  }
}

export function decideAffiliate(command: AffiliateCommand, state: AffiliateState): AffiliateEvent[] {
  switch (command.type) {
    case 'RequestAffiliate':
      return requestAffiliate(command, state);
    case 'ApproveAffiliate':
      return approveAffiliate(command, state);
    case 'RejectAffiliate':
      return rejectAffiliate(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown affiliate command ${JSON.stringify(unknown)}`);
    }
  }
}

export const affiliateDecider: Decider<AffiliateState, AffiliateCommand, AffiliateEvent> = {
  initialState: initialAffiliateState,
  evolve: evolveAffiliate,
  decide: decideAffiliate,
};
