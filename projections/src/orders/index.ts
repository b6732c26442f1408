export { allOrders, orderDetails, orderIdOf, ordersOfUser, orderTracking } from './answers';
export { ordersProjector } from './projector';
export * from './queries';
export type * from './tables';
