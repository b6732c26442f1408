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
} from './answers';
export {
  codMetrics,
  codRefusals,
  codStanding,
  isPhoneOfOrders,
  listAwaitingConfirmations,
} from './cash-on-delivery';
export { ordersProjector } from './projector';
export * from './queries';
export type * from './tables';
