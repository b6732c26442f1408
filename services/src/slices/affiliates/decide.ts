import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import {
  type AffiliateEvent,
  type AffiliateState,
  evolveAffiliate,
  initialAffiliateState,
} from './affiliate';
import { NEEDS_ORDER_AND_REVIEW_MESSAGE } from './eligibility';

export interface RequestAffiliate {
  type: 'RequestAffiliate';
  /** `eligible`: she has one delivered order and one review (`mayApplyAsAffiliate`), as the handler found. */
  data: { requestId: string; userId: string; eligible: boolean; at: string };
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

/** One open request at a time; an affiliate stays one; a rejected user may apply again. */
export function requestAffiliate(command: RequestAffiliate, state: AffiliateState): AffiliateEvent[] {
  if (state.status === 'Pending') throw conflict('You already have a pending request.');
  if (state.status === 'Approved') throw conflict('You are already an affiliate.');
  if (!command.data.eligible) throw conflict(NEEDS_ORDER_AND_REVIEW_MESSAGE);
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
