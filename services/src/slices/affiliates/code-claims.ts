import { type EventData, type EventStore, NO_STREAM, streams, WrongExpectedVersion } from '@shop/contracts';
import { conflict } from '../../platform/errors';

export interface CodeClaimDeps {
  store: EventStore;
  clock: () => Date;
}

const ATTEMPTS = 10;

/**
 * Claims a fresh affiliate code for a user through its claim stream (NO_STREAM: whoever appends
 * first owns it), drawing a new code on every clash.
 */
export async function claimNewAffiliateCode(
  deps: CodeClaimDeps,
  userId: string,
  actor: string,
  newCode: () => string,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = newCode().toUpperCase();
    const data: EventData<'ValueClaimed'> = { value: code, ownerId: userId, at: deps.clock().toISOString() };
    try {
      await deps.store.append(
        streams.affiliateCodeClaim(code),
        [{ type: 'ValueClaimed', data, metadata: { actor } }],
        {
          expectedRevision: NO_STREAM,
        },
      );
      return code;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }
  throw conflict('Could not issue a unique affiliate code. Please try again.');
}

/** Gives back a code claimed for an approval that did not happen; a lost race leaves nothing to undo. */
export async function releaseAffiliateCode(
  deps: CodeClaimDeps,
  code: string,
  userId: string,
  actor: string,
): Promise<void> {
  const data: EventData<'ValueReleased'> = { value: code, ownerId: userId, at: deps.clock().toISOString() };
  try {
    await deps.store.append(
      streams.affiliateCodeClaim(code),
      [{ type: 'ValueReleased', data, metadata: { actor } }],
      {
        expectedRevision: 0,
      },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}
