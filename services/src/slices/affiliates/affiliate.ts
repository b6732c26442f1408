import type { EventData } from '@shop/contracts';

/** The affiliate aggregate's events. One stream per user: `affiliate-{userId}`. */
export type AffiliateEvent =
  | { type: 'AffiliateRequested'; data: EventData<'AffiliateRequested'> }
  | { type: 'AffiliateApproved'; data: EventData<'AffiliateApproved'> }
  | { type: 'AffiliateRejected'; data: EventData<'AffiliateRejected'> };

/** A user's standing in the programme, tagged by the status of their latest request. */
export type AffiliateState =
  | { status: 'None' }
  | { status: 'Pending'; requestId: string }
  | { status: 'Approved'; requestId: string; code: string }
  | { status: 'Rejected'; requestId: string };

export const initialAffiliateState = (): AffiliateState => ({ status: 'None' });

export function evolveAffiliate(state: AffiliateState, event: AffiliateEvent): AffiliateState {
  switch (event.type) {
    case 'AffiliateRequested':
      return { status: 'Pending', requestId: event.data.requestId };
    case 'AffiliateApproved':
      return { status: 'Approved', requestId: event.data.requestId, code: event.data.code };
    case 'AffiliateRejected':
      return state.status === 'Approved' ? state : { status: 'Rejected', requestId: event.data.requestId };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
