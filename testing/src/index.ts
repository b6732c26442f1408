/**
 * Test-only helpers shared by the packages' tests: event builders and an in-memory event store.
 * Production code never imports this package; the lint's layer rules refuse it.
 */
export { anOrderPlaced, aReturnRefunded, aReturnRequested, aStatusChanged } from './events';
export { type MemoryEventStoreOptions, MemoryLog, openMemoryEventStore } from './memory-event-store';
