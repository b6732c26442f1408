import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@shop/contracts';
import { afterEach, beforeEach } from 'vitest';
import type { RacingAppendJob, RacingAppendReport } from './racing-appender';

/** Where one test's store lives; every open(ctx) with the same ctx reaches the same store. */
export interface ContractContext {
  /** A fresh temporary directory, removed after the test. */
  dir: string;
}

export type OpenEventStore = (ctx: ContractContext) => Promise<EventStore>;

/** Another OS process with the same store open, waiting for its job. */
export interface AnotherProcess {
  race(job: RacingAppendJob): Promise<RacingAppendReport>;
}

export interface EventStoreContractCapabilities {
  /** The store is kept in files under ctx.dir: closing and opening again must lose nothing. */
  reopen?: boolean;
  /** Starts another OS process on the store of ctx; resolves once it is ready to append. */
  startAnotherProcess?: (ctx: ContractContext) => Promise<AnotherProcess>;
}

/** What each contract test gets: connections to its own store, and stream names no other test uses. */
export interface ContractHarness {
  readonly ctx: ContractContext;
  /** Opens one more connection to this test's store; all are closed after the test. */
  open(): Promise<EventStore>;
  /** A stream name unique to this test, so the suite can also run against a long-lived server. */
  streamName(prefix?: string): string;
  readonly capabilities: EventStoreContractCapabilities;
}

export function useContractHarness(
  open: OpenEventStore,
  capabilities: EventStoreContractCapabilities,
): ContractHarness {
  let ctx: ContractContext | undefined;
  let opened: EventStore[] = [];
  let streamCount = 0;
  const runId = Math.random().toString(36).slice(2, 8);

  beforeEach(() => {
    ctx = { dir: mkdtempSync(join(tmpdir(), 'eventstore-contract-')) };
  });

  afterEach(async () => {
    const stores = opened;
    opened = [];
    await Promise.all(stores.map((store) => store.close()));
    if (ctx) rmSync(ctx.dir, { recursive: true, force: true });
    ctx = undefined;
  });

  const currentContext = (): ContractContext => {
    if (!ctx) throw new Error('The contract harness is only usable inside a test');
    return ctx;
  };

  return {
    get ctx() {
      return currentContext();
    },
    async open() {
      const store = await open(currentContext());
      opened.push(store);
      return store;
    },
    streamName(prefix = 'stream') {
      streamCount += 1;
      return `${prefix}-${runId}-${streamCount}`;
    },
    capabilities,
  };
}
