export { ordersProjector } from './projector';
export * from './queries';
export type * from './tables';
