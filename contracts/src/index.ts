export * from './errors';
export * from './event-store';
