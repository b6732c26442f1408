import type { EventData, ReturnStatus } from '@shop/contracts';

/** The return aggregate's events. One stream per return: `return-{orderId}-{n}`, the order's n-th. */
export type ReturnEvent =
  | { type: 'ReturnRequested'; data: EventData<'ReturnRequested'> }
  | { type: 'ReturnApproved'; data: EventData<'ReturnApproved'> }
  | { type: 'ReturnRejected'; data: EventData<'ReturnRejected'> }
  | { type: 'ReturnReceived'; data: EventData<'ReturnReceived'> }
  | { type: 'ReturnRefunded'; data: EventData<'ReturnRefunded'> };

export type ReturnedLine = EventData<'ReturnRequested'>['items'][number];

/** A return that was asked for, tagged by where it stands. */
export interface OpenedReturn {
  status: ReturnStatus;
  returnId: string;
  orderId: string;
  userId: string;
  items: readonly ReturnedLine[];
  /** Minor units: what the refund will be. */
  amount: number;
}

export type ReturnState = { status: 'Absent' } | OpenedReturn;

export const initialReturnState = (): ReturnState => ({ status: 'Absent' });

/**
 * The id (and so the stream) of an order's n-th return, from 1. Numbering them per order is what
 * makes two requests racing for the same units safe: both try to append the same stream.
 */
export const returnIdOf = (orderId: string, n: number) => `${orderId}-${n}`;

export function evolveReturn(state: ReturnState, event: ReturnEvent): ReturnState {
  switch (event.type) {
    case 'ReturnRequested': {
      const { returnId, orderId, userId, items, amount } = event.data;
      return { status: 'Requested', returnId, orderId, userId, items, amount };
    }
    case 'ReturnApproved':
      return moved(state, 'Approved');
    case 'ReturnRejected':
      return moved(state, 'Rejected');
    case 'ReturnReceived':
      return moved(state, 'Received');
    case 'ReturnRefunded':
      return moved(state, 'Refunded');
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const moved = (state: ReturnState, status: ReturnStatus): ReturnState =>
  state.status === 'Absent' ? state : { ...state, status };
