import { MemoryLog, openMemoryEventStore } from '@shop/testing';
import { eventStoreContract } from './contract';

// The tests' in-memory store (@shop/testing) keeps the port's promises too, so a projector or
// runner test on it sees what the real adapters do. One log per test directory: each open is one
// more connection to it.
const logs = new Map<string, MemoryLog>();
eventStoreContract('in-memory (tests only)', async (ctx) => {
  const log = logs.get(ctx.dir) ?? new MemoryLog();
  logs.set(ctx.dir, log);
  return openMemoryEventStore({ log });
});
