import type { Order, OrderPayments, PaymentProofView } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../ui/dates';
import { ManualPaymentDetails } from '../../../ui/manual-payment-details';
import { formatMoney } from '../../../ui/money';
import { orderPaymentsQuery, usePayWithJazzCash, useSendPaymentProof } from '../api/payments';

const PROOF_STATES: Record<PaymentProofView['state'], string> = {
  submitted: 'Being checked',
  accepted: 'Accepted',
  rejected: 'Not accepted',
};

/**
 * Paying an order that is not cash on delivery: JazzCash's hosted checkout where the shop offers it,
 * or a transfer to the shop's accounts proven by its transaction ID and a screenshot, with what
 * became of each attempt and proof.
 */
export function PaymentPanel({ order, shownAs }: { order: Order; shownAs: string }) {
  const payments = useQuery(orderPaymentsQuery(order.id));
  if (order.paymentMethod === 'COD') return null;
  const data: OrderPayments | undefined = payments.data;
  const lastAttempt = data?.attempts.at(-1);
  return (
    <div className="payment-panel">
      {lastAttempt?.state === 'failed' && !order.isPaid && (
        <p className="form-error" role="alert">
          Your JazzCash payment did not go through{lastAttempt.message ? `: ${lastAttempt.message}` : '.'} You
          can try again.
        </p>
      )}
      {lastAttempt?.state === 'pending' && !order.isPaid && (
        <p className="muted" role="status">
          We are waiting for JazzCash to confirm your payment. This page shows it as paid once they do.
        </p>
      )}
      {data?.canPayOnline && <PayOnline orderId={order.id} total={order.totalPrice} />}
      {data && data.proofs.length > 0 && (
        <ul className="payment-proofs" aria-label="Proofs of payment sent">
          {data.proofs.map((proof) => (
            <li key={proof.id}>
              <span>
                Transaction {proof.transactionId}, sent {formatDateTime(proof.submittedAt)}:{' '}
                <strong>{PROOF_STATES[proof.state]}</strong>
              </span>
              {proof.state === 'rejected' && proof.reason && <span> — {proof.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      {data?.canSendProof && (
        <ManualPaymentDetails accountsClassName="details">
          <p className="muted">
            Or send {formatMoney(order.totalPrice)} by JazzCash, EasyPaisa or bank transfer to the account
            below, then enter its transaction ID and a screenshot here. We mark the order paid once we find
            the transfer.
          </p>
        </ManualPaymentDetails>
      )}
      {data?.canSendProof && <ProofForm orderId={order.id} shownAs={shownAs} />}
      {payments.isError && (
        <p className="form-error" role="alert">
          {errorMessage(payments.error, 'Could not load the payments of this order.')}
        </p>
      )}
    </div>
  );
}

function PayOnline({ orderId, total }: { orderId: string; total: number }) {
  const pay = usePayWithJazzCash(orderId);
  return (
    <div className="payment-panel__online">
      <button
        type="button"
        className="button button--primary"
        disabled={pay.isPending || pay.isSuccess}
        onClick={() => pay.mutate()}
      >
        {pay.isPending || pay.isSuccess ? 'Opening JazzCash…' : `Pay ${formatMoney(total)} with JazzCash`}
      </button>
      <p className="muted">JazzCash wallet or card, on JazzCash's own page.</p>
      {pay.isError && (
        <p className="form-error" role="alert">
          {errorMessage(pay.error, 'Could not start the payment. Please try again.')}
        </p>
      )}
    </div>
  );
}

function ProofForm({ orderId, shownAs }: { orderId: string; shownAs: string }) {
  const send = useSendPaymentProof(orderId, shownAs);
  const [transactionId, setTransactionId] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transactionId.trim().length < 4) return setProblem('Enter the transaction ID of your transfer.');
    if (!image) return setProblem('Choose the screenshot of your transfer.');
    setProblem(null);
    send.mutate({ transactionId: transactionId.trim(), image });
  };
  return (
    <form className="payment-proof-form" onSubmit={submit} noValidate>
      <h3>Send your proof of payment</h3>
      <label className="field">
        <span>Transaction ID</span>
        <input
          name="transactionId"
          value={transactionId}
          onChange={(e) => setTransactionId(e.target.value)}
          autoComplete="off"
          maxLength={40}
        />
      </label>
      <label className="field">
        <span>Screenshot of the transfer</span>
        <input
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </label>
      {(problem || send.isError) && (
        <p className="form-error" role="alert">
          {problem ?? errorMessage(send.error, 'Could not send your proof. Please try again.')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send proof of payment'}
      </button>
    </form>
  );
}
