export {
  allOrders,
  allOrdersInChunks,
  type OrderList,
  orderDetails,
  orderIdOf,
  orderListChunks,
  orderListPage,
  ordersOfUser,
  orderTracking,
} from './answers';
export { ordersProjector } from './projector';
export * from './queries';
export type * from './tables';
