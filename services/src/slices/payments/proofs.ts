import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type AdminPaymentProof, fromMinor, type PaymentProofView, streams } from '@shop/contracts';
import {
  findPaymentProof,
  listPaymentProofs,
  orderDetails,
  ordersSharingTransaction,
  type PaymentProofRow,
  type ReadModelsDb,
} from '@shop/projections';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { handleCommand } from '../../platform/commands/handle-command';
import { notFound } from '../../platform/errors';
import { storeUploadedImage } from '../catalogue/uploads';
import { paymentDecider, submitProof } from './decide';
import type { PaymentDeps } from './jazzcash-payments';

export interface ProofDeps extends PaymentDeps {
  uploadsDir: string;
}

/** A proof as its shopper (no other orders named) or an admin (with them) sees it. */
export function proofView(db: ReadModelsDb, row: PaymentProofRow, forAdmin: boolean): PaymentProofView {
  const order = orderDetails(db, { id: row.order_id, confirmationWindowMs: null });
  const others = forAdmin
    ? ordersSharingTransaction(db, { transactionKey: row.transaction_key, orderId: row.order_id })
    : [];
  return {
    id: row.id,
    orderId: row.order_id,
    reference: order?.reference ?? '',
    transactionId: row.transaction_id,
    image: row.image,
    amount: fromMinor(row.amount),
    state: row.state,
    reason: row.reason,
    submittedAt: row.submitted_at,
    decidedAt: row.decided_at,
    usedOnOtherOrders: others.map(
      (id) => orderDetails(db, { id, confirmationWindowMs: null })?.reference ?? id,
    ),
  };
}

/**
 * The owner sends the transfer's transaction ID and screenshot. The image is checked and re-encoded
 * as every upload is (its bytes, not its name, decide; at most 5 MB); it is stored only for an order
 * of hers that takes a proof now, and removed again if the order refuses it meanwhile.
 */
export async function submitPaymentProof(
  deps: ProofDeps,
  request: { orderId: string; callerId: string; transactionId: string; image: Buffer },
): Promise<PaymentProofView> {
  const { orderId, callerId, transactionId } = request;
  const order = orderDetails(deps.readModels, { id: orderId, confirmationWindowMs: null });
  if (!order || order.userId !== callerId) throw notFound('Order not found');
  const proofId = deps.newId();
  const at = deps.clock().toISOString();
  const command = { orderId, by: callerId, proofId, transactionId, at };
  // Decided once on the stream as it stands before the image is stored, so a refused proof leaves
  // no file behind; the append below decides again on whatever the stream holds by then.
  const { state: before } = await aggregateStream(deps.store, streams.order(orderId), paymentDecider);
  submitProof({ type: 'SubmitProof', data: { ...command, image: '' } }, before);
  const stored = await storeUploadedImage(deps.uploadsDir, request.image);
  try {
    await handleCommand(
      deps,
      paymentDecider,
      streams.order(orderId),
      { type: 'SubmitProof', data: { ...command, image: stored.url } },
      { actor: callerId, correlationId: orderId },
    );
  } catch (error) {
    await removeUpload(deps.uploadsDir, stored.url, stored.thumbnail);
    throw error;
  }
  const row = findPaymentProof(deps.readModels, { id: proofId });
  if (!row) throw notFound('Proof of payment not found');
  return proofView(deps.readModels, row, false);
}

/** An admin accepts (the order is Paid) or rejects (with the reason the shopper is told) a proof. */
export async function decidePaymentProof(
  deps: PaymentDeps,
  decision: { proofId: string; adminId: string } & ({ accept: true } | { accept: false; reason: string }),
): Promise<AdminPaymentProof> {
  const found = findPaymentProof(deps.readModels, { id: decision.proofId });
  if (!found) throw notFound('Proof of payment not found');
  const orderId = found.order_id;
  const base = { orderId, proofId: found.id, by: decision.adminId, at: deps.clock().toISOString() };
  await handleCommand(
    deps,
    paymentDecider,
    streams.order(orderId),
    decision.accept
      ? { type: 'AcceptProof', data: base }
      : { type: 'RejectProof', data: { ...base, reason: decision.reason } },
    { actor: decision.adminId, correlationId: orderId },
  );
  const row = findPaymentProof(deps.readModels, { id: found.id });
  if (!row) throw notFound('Proof of payment not found');
  return adminProof(deps.readModels, row);
}

export function adminProof(db: ReadModelsDb, row: PaymentProofRow): AdminPaymentProof {
  const order = orderDetails(db, { id: row.order_id, confirmationWindowMs: null });
  return {
    ...proofView(db, row, true),
    customerName: order?.User?.name ?? '',
    orderTotal: order?.totalPrice ?? 0,
    orderStatus: order?.status ?? '',
  };
}

/** The proofs an admin lists: those of one state (or all), newest first. */
export function adminProofs(
  db: ReadModelsDb,
  state: PaymentProofRow['state'] | undefined,
): AdminPaymentProof[] {
  return listPaymentProofs(db, { ...(state ? { state } : {}), limit: 200 }).map((row) => adminProof(db, row));
}

async function removeUpload(uploadsDir: string, ...urls: string[]): Promise<void> {
  await Promise.all(
    urls.map((url) => rm(join(uploadsDir, url.replace(/^\/uploads\//, '')), { force: true })),
  );
}
