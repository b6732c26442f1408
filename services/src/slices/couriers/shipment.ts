import type { CourierId, EventData, ShipmentView } from '@shop/contracts';
import { fromMinor } from '@shop/contracts';
import { conflict } from '../../platform/errors';

/** The shipment aggregate's events: one stream per order, `shipment-{orderId}`. */
export type ShipmentEvent =
  | { type: 'ShipmentBookingStarted'; data: EventData<'ShipmentBookingStarted'> }
  | { type: 'ShipmentBooked'; data: EventData<'ShipmentBooked'> }
  | { type: 'ShipmentBookingFailed'; data: EventData<'ShipmentBookingFailed'> }
  | { type: 'ShipmentBookingOutcomeUnknown'; data: EventData<'ShipmentBookingOutcomeUnknown'> }
  | { type: 'ShipmentCancelled'; data: EventData<'ShipmentCancelled'> };

/** An order's parcel: none yet, being booked, booked, or after a refusal, a lost answer or a cancel. */
export type ShipmentState =
  | { state: 'none' }
  | {
      state: 'booking' | 'unknown' | 'failed';
      courier: CourierId;
      attemptId: string;
      startedAt: string;
      codAmount: number;
      problem: string | null;
    }
  | {
      state: 'booked' | 'cancelled';
      courier: CourierId;
      attemptId: string;
      trackingNumber: string;
      bookedAt: string;
      codAmount: number;
    };

/**
 * How long a booking may wait for the courier's answer before the shop counts its outcome as lost (a
 * crash between the call and the record): longer than any courier call's timeout.
 */
export const BOOKING_ANSWER_WINDOW_MS = 60_000;

export interface StartBooking {
  type: 'StartBooking';
  data: EventData<'ShipmentBookingStarted'>;
}
export interface RecordBookingOutcome {
  type: 'RecordBookingOutcome';
  outcome:
    | { type: 'ShipmentBooked'; data: EventData<'ShipmentBooked'> }
    | { type: 'ShipmentBookingFailed'; data: EventData<'ShipmentBookingFailed'> }
    | { type: 'ShipmentBookingOutcomeUnknown'; data: EventData<'ShipmentBookingOutcomeUnknown'> };
}
export interface CancelShipment {
  type: 'CancelShipment';
  data: EventData<'ShipmentCancelled'>;
}
export type ShipmentCommand = StartBooking | RecordBookingOutcome | CancelShipment;

export const initialShipmentState = (): ShipmentState => ({ state: 'none' });

export function evolveShipment(state: ShipmentState, event: ShipmentEvent): ShipmentState {
  switch (event.type) {
    case 'ShipmentBookingStarted': {
      const e = event.data;
      return {
        state: 'booking',
        courier: e.courier,
        attemptId: e.attemptId,
        startedAt: e.at,
        codAmount: e.codAmount,
        problem: null,
      };
    }
    case 'ShipmentBooked': {
      if (state.state !== 'booking' && state.state !== 'unknown') return state;
      const e = event.data;
      return {
        state: 'booked',
        courier: e.courier,
        attemptId: e.attemptId,
        trackingNumber: e.trackingNumber,
        bookedAt: e.at,
        codAmount: state.codAmount,
      };
    }
    case 'ShipmentBookingFailed':
    case 'ShipmentBookingOutcomeUnknown': {
      if (state.state !== 'booking') return state;
      return {
        ...state,
        state: event.type === 'ShipmentBookingFailed' ? 'failed' : 'unknown',
        problem: event.data.reason,
      };
    }
    case 'ShipmentCancelled':
      return state.state === 'booked' ? { ...state, state: 'cancelled' } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** A booking still waiting past the answer window lost its answer: it counts as unknown. */
export function effectiveState(state: ShipmentState, now: Date): ShipmentState['state'] {
  if (state.state !== 'booking') return state.state;
  return now.getTime() - Date.parse(state.startedAt) > BOOKING_ANSWER_WINDOW_MS ? 'unknown' : 'booking';
}

export function decideShipment(command: ShipmentCommand, state: ShipmentState): ShipmentEvent[] {
  switch (command.type) {
    case 'StartBooking': {
      const current = effectiveState(state, new Date(command.data.at));
      if (state.state === 'booked') {
        throw conflict(
          `This order is already booked with ${state.courier} (tracking number ${state.trackingNumber}); cancel that booking first.`,
        );
      }
      if (current === 'booking') throw conflict('This order is being booked right now; wait for the answer.');
      if (current === 'unknown' && !command.data.again) {
        throw conflict(
          'The last booking of this order got no answer, so the courier may have booked it. Check with the courier; to book it again anyway, ask again with "again": true.',
        );
      }
      return [{ type: 'ShipmentBookingStarted', data: command.data }];
    }
    case 'RecordBookingOutcome':
      // Only the attempt being waited for gets an outcome; a late one after another attempt is ignored.
      if (state.state === 'none' || state.attemptId !== command.outcome.data.attemptId) return [];
      if (
        state.state !== 'booking' &&
        !(state.state === 'unknown' && command.outcome.type === 'ShipmentBooked')
      )
        return [];
      return [command.outcome];
    case 'CancelShipment':
      if (state.state !== 'booked') throw conflict('This order has no booking to cancel.');
      return [{ type: 'ShipmentCancelled', data: command.data }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const shipmentDecider = {
  initialState: initialShipmentState,
  evolve: evolveShipment,
  decide: decideShipment,
};

/** The admin's view of the parcel; null when it was never booked. */
export function shipmentView(state: ShipmentState, now: Date): ShipmentView | null {
  if (state.state === 'none') return null;
  const current = effectiveState(state, now) as ShipmentView['state'];
  if ('trackingNumber' in state) {
    return {
      courier: state.courier,
      state: current,
      trackingNumber: state.trackingNumber,
      status: state.state,
      bookedAt: state.bookedAt,
      codAmount: fromMinor(state.codAmount),
      problem: null,
      events: [],
    };
  }
  return {
    courier: state.courier,
    state: current,
    trackingNumber: null,
    status: null,
    bookedAt: null,
    codAmount: fromMinor(state.codAmount),
    problem:
      current === 'unknown' && !state.problem
        ? 'No answer was recorded: the shop stopped while asking the courier.'
        : state.problem,
    events: [],
  };
}
