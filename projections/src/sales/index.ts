export { NO_AFFILIATE, salesProjector } from './projector';
export * from './queries';
export type * from './tables';
