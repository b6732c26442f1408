import { describe } from 'vitest';
import { appendContract } from './contract-appends';
import { concurrencyContract } from './contract-concurrency';
import {
  type EventStoreContractCapabilities,
  type OpenEventStore,
  useContractHarness,
} from './contract-harness';
import { readContract } from './contract-reads';
import { subscriptionContract } from './contract-subscriptions';

export type {
  AnotherProcess,
  ContractContext,
  EventStoreContractCapabilities,
  OpenEventStore,
} from './contract-harness';

/**
 * The behaviour every EventStore adapter must show, as a vitest suite. One line per adapter:
 * `eventStoreContract('sqlite', (ctx) => openSqlite(ctx.dir), { reopen: true })`.
 * The tests never assume the store starts empty, nor that positions are dense.
 */
export function eventStoreContract(
  adapterName: string,
  open: OpenEventStore,
  capabilities: EventStoreContractCapabilities = {},
): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    const harness = useContractHarness(open, capabilities);
    appendContract(harness);
    readContract(harness);
    subscriptionContract(harness);
    concurrencyContract(harness);
  });
}
