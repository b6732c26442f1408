import { findSessionHolder, type ReadModelsDb } from '@shop/projections';
import type { CallerRecord } from '../../platform/http/auth';

/**
 * The caller as the customers read model knows them now, with the standing of the token's session:
 * a demoted admin is a customer at once, and a session ended anywhere in the log is refused.
 */
export function lookupCaller(db: ReadModelsDb, userId: string, sessionId: string): CallerRecord | undefined {
  const holder = findSessionHolder(db, { userId, sessionId });
  return (
    holder && {
      id: holder.id,
      name: holder.name,
      email: holder.email,
      isAdmin: holder.isAdmin,
      sessionVersion: holder.sessionVersion,
      keptSessionId: holder.keptSessionId,
      sessionEnded: holder.sessionEnded,
    }
  );
}
