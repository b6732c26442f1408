import { findCustomer, type ReadModelsDb } from '@shop/projections';
import type { Caller } from './auth';

/** The caller as the customers read model knows them now: a demoted admin is a customer at once. */
export function lookupCaller(db: ReadModelsDb, userId: string): Caller | undefined {
  const user = findCustomer(db, { id: userId });
  return user && { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}
