export * from './accounts';
export * from './admin-lists';
export * from './affiliates';
export * from './cash-on-delivery';
export * from './catalogue';
export {
  DELIVERY_NOTE_MAX,
  OrderInput,
  OrderItemInput,
  SHIP_TO_COUNTRY,
  ShippingAddress,
  ShippingAddressInput,
  shippingAddressFor,
} from './checkout';
export * from './couriers';
export * from './errors';
export * from './event-store';
export {
  AffiliateApproved,
  AffiliateRejected,
  AffiliateRequested,
  CodRefusalLimitLifted,
  EVENT_SCHEMA_VERSIONS,
  type EventData,
  type EventType,
  eventSchemas,
  MessageDeferred,
  MessageFailed,
  MessageOwed,
  MessageSendStarted,
  MessageSent,
  MessageWithdrawn,
  OrderAbandoned,
  OrderConfirmationExpired,
  OrderConfirmationReminded,
  OrderConfirmed,
  OrderLine,
  OrderNoteAdded,
  OrderPlaced,
  PasswordResetCompleted,
  PasswordResetRequested,
  ProductCreated,
  ProductDeleted,
  ProductUpdated,
  ReturnApproved,
  ReturnReceived,
  ReturnRefunded,
  ReturnRejected,
  ReturnRequested,
  ReviewDeleted,
  ReviewPosted,
  type ShopEvent,
  StatusChanged,
  StockReleased,
  StockReserved,
  streams,
  UserPasswordChanged,
  UserProfileChanged,
  UserRegistered,
  UserRoleChanged,
  UserSessionsEnded,
  UserSignedOut,
  ValueClaimed,
  ValueReleased,
} from './events';
export * from './ids';
export * from './messages';
export * from './money';
export { ORDER_NOTE_MAX, type OrderNote, OrderNoteInput } from './order-notes';
export { normaliseOrderReference, REFERENCE_ALPHABET, REFERENCE_LETTERS } from './order-references';
export {
  ADMIN_STATUS_CHOICES,
  ALLOWED_TRANSITIONS,
  CANCELLABLE_BY_SHOPPER,
  ORDER_STATUSES,
  OrderStatus,
  StatusChangeInput,
  trackingProgress,
} from './order-status';
export type {
  ConfirmedByLink,
  Order,
  OrderItem,
  OrderToConfirm,
  OrderTracking,
  StatusChange,
  TrackingStep,
} from './order-views';
export * from './payment-methods';
export * from './payments';
export * from './phones';
export * from './reports';
export * from './returns';
export * from './reviews';
export * from './shop-config';
export * from './upcasting';
export * from './variants';
