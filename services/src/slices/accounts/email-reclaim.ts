import type { EventData } from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { badRequest, conflict } from '../../platform/errors';
import { VERIFY_LINK } from './decide';

/** The events of a claim's stream (`reclaim-email-{requestId}`). */
export type ReclaimEvent =
  | { type: 'EmailReclaimRequested'; data: EventData<'EmailReclaimRequested'> }
  | { type: 'EmailReclaimCompleted'; data: EventData<'EmailReclaimCompleted'> };

/** A registration waiting for its link, or the account it became. */
export type ReclaimState =
  | { status: 'none' }
  | { status: 'requested'; request: EventData<'EmailReclaimRequested'> }
  | { status: 'completed'; request: EventData<'EmailReclaimRequested'>; userId: string };

export type ReclaimCommand =
  | { type: 'RequestReclaim'; request: EventData<'EmailReclaimRequested'> }
  | { type: 'CompleteReclaim'; requestId: string; userId: string; at: string };

export function evolveReclaim(state: ReclaimState, event: ReclaimEvent): ReclaimState {
  if (event.type === 'EmailReclaimRequested') return { status: 'requested', request: event.data };
  if (state.status !== 'requested') return state;
  return { status: 'completed', request: state.request, userId: event.data.userId };
}

/** Why a claim link cannot be used at `at`, or undefined when it can. */
export function reclaimLinkProblem(state: ReclaimState, at: string): string | undefined {
  if (state.status === 'none') return VERIFY_LINK.invalid;
  if (state.status === 'completed') return VERIFY_LINK.used;
  if (Date.parse(at) >= Date.parse(state.request.expiresAt)) return VERIFY_LINK.expired;
  return undefined;
}

export function decideReclaim(command: ReclaimCommand, state: ReclaimState): ReclaimEvent[] {
  if (command.type === 'RequestReclaim') {
    if (state.status !== 'none') throw conflict('This claim was already asked for.');
    return [{ type: 'EmailReclaimRequested', data: command.request }];
  }
  const problem = reclaimLinkProblem(state, command.at);
  if (problem) throw badRequest(problem, 'token');
  const { requestId, userId, at } = command;
  return [{ type: 'EmailReclaimCompleted', data: { requestId, userId, at } }];
}

export const reclaimDecider: Decider<ReclaimState, ReclaimCommand, ReclaimEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveReclaim,
  decide: decideReclaim,
};
