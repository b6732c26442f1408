export * from './errors';
export * from './event-store';
export * from './shop-config';
export * from './upcasting';
