export { paymentsProjector, transactionKey } from './projector';
export {
  findPaymentAttempt,
  findPaymentProof,
  listPaymentProofs,
  ordersSharingTransaction,
  paymentsOfOrder,
  pendingPaymentAttempts,
  rejectedPaymentNotices,
} from './queries';
export type * from './tables';
