export { codMetrics, codRefusals, codStanding, listAwaitingConfirmations } from './cash-on-delivery';
export { ordersProjector } from './projector';
export {
  allOrders,
  allOrdersInChunks,
  type OrderAnswerSettings,
  type OrderList,
  orderDetails,
  orderIdOf,
  orderListChunks,
  orderListPage,
  ordersOfUser,
  orderTracking,
} from './queries';
export * from './rows';
export type * from './tables';
