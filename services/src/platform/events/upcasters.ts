import type { UpcasterRegistry } from '@shop/contracts';

/**
 * One entry per event type whose schema changed: `{ OrderPlaced: { 1: (v1) => v2 } }`, together
 * with a bump in EVENT_SCHEMA_VERSIONS. Every event is at version 1 so far.
 */
export const upcasters: UpcasterRegistry = {};
