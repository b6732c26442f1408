import type { z } from 'zod';
import {
  EmailReclaimCompleted,
  EmailReclaimRequested,
  EmailVerificationRequested,
  EmailVerified,
  EmailWithdrawn,
  PasswordResetCompleted,
  PasswordResetRequested,
  UserPasswordChanged,
  UserProfileChanged,
  UserRegistered,
  UserRoleChanged,
  UserSessionsEnded,
  UserSignedOut,
} from './accounts';
import { AffiliateApproved, AffiliateRejected, AffiliateRequested } from './affiliates';
import {
  CodRefusalLimitLifted,
  OrderConfirmationExpired,
  OrderConfirmationReminded,
  OrderConfirmed,
} from './cash-on-delivery';
import { ProductCreated, ProductDeleted, ProductUpdated, StockReleased, StockReserved } from './catalogue';
import { ValueClaimed, ValueReleased } from './claims';
import { OrderAbandoned, OrderNoteAdded, OrderPlaced, StatusChanged } from './orders';
import {
  MessageDeferred,
  MessageFailed,
  MessageOwed,
  MessageSendStarted,
  MessageSent,
  MessageWithdrawn,
} from './outbox';
import {
  PaymentFailed,
  PaymentNoticeRejected,
  PaymentProofAccepted,
  PaymentProofRejected,
  PaymentProofSubmitted,
  PaymentStarted,
  PaymentSucceeded,
} from './payments';
import { ReturnApproved, ReturnReceived, ReturnRefunded, ReturnRejected, ReturnRequested } from './returns';
import { ReviewDeleted, ReviewEdited, ReviewPosted } from './reviews';
import {
  ShipmentBooked,
  ShipmentBookingFailed,
  ShipmentBookingOutcomeUnknown,
  ShipmentBookingStarted,
  ShipmentCancelled,
} from './shipments';

/**
 * Every event of the shop: its type name and its data schema. Money is in minor units (paisa),
 * times are ISO strings from the injected clock. Stream names are built with `streams` below.
 * Changing a schema means bumping its version in `EVENT_SCHEMA_VERSIONS` and adding an upcaster.
 */

export const eventSchemas = {
  UserRegistered,
  UserProfileChanged,
  UserPasswordChanged,
  UserRoleChanged,
  UserSignedOut,
  UserSessionsEnded,
  PasswordResetRequested,
  PasswordResetCompleted,
  EmailVerificationRequested,
  EmailVerified,
  EmailReclaimRequested,
  EmailReclaimCompleted,
  EmailWithdrawn,
  ValueClaimed,
  ValueReleased,
  ProductCreated,
  ProductUpdated,
  ProductDeleted,
  StockReserved,
  StockReleased,
  ReviewPosted,
  ReviewEdited,
  ReviewDeleted,
  OrderPlaced,
  OrderAbandoned,
  StatusChanged,
  OrderNoteAdded,
  ReturnRequested,
  ReturnApproved,
  ReturnRejected,
  ReturnReceived,
  ReturnRefunded,
  OrderConfirmed,
  OrderConfirmationReminded,
  OrderConfirmationExpired,
  CodRefusalLimitLifted,
  AffiliateRequested,
  AffiliateApproved,
  AffiliateRejected,
  MessageOwed,
  MessageSendStarted,
  MessageDeferred,
  MessageSent,
  MessageFailed,
  MessageWithdrawn,
  PaymentStarted,
  PaymentSucceeded,
  PaymentFailed,
  PaymentNoticeRejected,
  PaymentProofSubmitted,
  PaymentProofAccepted,
  PaymentProofRejected,
  ShipmentBookingStarted,
  ShipmentBooked,
  ShipmentBookingFailed,
  ShipmentBookingOutcomeUnknown,
  ShipmentCancelled,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A shop event as a tagged union: `{ type: 'OrderPlaced', data: {...} }`. */
export type ShopEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** Current schema version of each event type (all start at 1); each bump has an upcaster in services. */
export const EVENT_SCHEMA_VERSIONS: Readonly<Partial<Record<EventType, number>>> = {
  OrderPlaced: 3,
  ProductCreated: 3,
  ProductUpdated: 3,
  ReviewPosted: 2,
  StockReserved: 2,
  StockReleased: 2,
};

export {
  EmailReclaimCompleted,
  EmailReclaimRequested,
  EmailVerificationRequested,
  EmailVerified,
  EmailWithdrawn,
  PasswordResetCompleted,
  PasswordResetRequested,
  UserPasswordChanged,
  UserProfileChanged,
  UserRegistered,
  UserRoleChanged,
  UserSessionsEnded,
  UserSignedOut,
} from './accounts';
export { AffiliateApproved, AffiliateRejected, AffiliateRequested } from './affiliates';
export {
  CodRefusalLimitLifted,
  OrderConfirmationExpired,
  OrderConfirmationReminded,
  OrderConfirmed,
} from './cash-on-delivery';
export { ProductCreated, ProductDeleted, ProductUpdated, StockReleased, StockReserved } from './catalogue';
export { ValueClaimed, ValueReleased } from './claims';
export { OrderAbandoned, OrderLine, OrderNoteAdded, OrderPlaced, StatusChanged } from './orders';
export {
  MessageDeferred,
  MessageFailed,
  MessageOwed,
  MessageSendStarted,
  MessageSent,
  MessageWithdrawn,
} from './outbox';
export { ReturnApproved, ReturnReceived, ReturnRefunded, ReturnRejected, ReturnRequested } from './returns';
export { ReviewDeleted, ReviewEdited, ReviewPosted } from './reviews';
export { streams } from './streams';
