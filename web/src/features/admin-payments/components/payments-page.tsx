import type { AdminPaymentProof, ProofState } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { formatDateTime } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { adminProofsQuery, useDecideProof } from '../api/payments';

const FILTERS: readonly { state: ProofState | undefined; label: string }[] = [
  { state: 'submitted', label: 'To check' },
  { state: 'accepted', label: 'Accepted' },
  { state: 'rejected', label: 'Rejected' },
  { state: undefined, label: 'All' },
];

const STATE_LABELS: Record<ProofState, string> = {
  submitted: 'To check',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/**
 * `/admin/payments?state=`: proofs of manual transfers to check against the shop's account, each
 * beside its order's amount, with its screenshot and a warning when its transaction ID was sent for
 * another order too. Accepting marks the order Paid; rejecting asks for the reason the shopper is told.
 */
export function PaymentsPage({ state }: { state: ProofState | undefined }) {
  const proofs = useQuery(adminProofsQuery(state));
  return (
    <AdminPage title="Payments" subtitle="Proofs of bank and wallet transfers to check against the account">
      <nav aria-label="Filter proofs" className="admin-shortcuts">
        {FILTERS.map((filter) => (
          <Link
            key={filter.label}
            to="/admin/payments"
            search={filter.state ? { state: filter.state } : { state: 'all' }}
            className="button button--ghost"
            aria-current={filter.state === state ? 'page' : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {proofs.isPending ? (
        <LoadingState label="Loading proofs of payment…" />
      ) : proofs.isError ? (
        <ErrorPanel
          title="Proofs of payment could not be loaded"
          message={errorMessage(proofs.error, 'Please try again.')}
          retrying={proofs.isFetching}
          onRetry={() => void proofs.refetch()}
        />
      ) : proofs.data.length === 0 ? (
        <EmptyState title={state === 'submitted' ? 'No proofs to check' : 'No proofs of payment'} />
      ) : (
        <DataTable
          label="Proofs of payment"
          columns={PROOF_COLUMNS}
          rows={proofs.data}
          rowKey={(proof) => proof.id}
          rowProps={(proof) => ({ 'aria-label': `Proof for order ${proof.reference}` })}
        />
      )}
    </AdminPage>
  );
}

const PROOF_COLUMNS: readonly Column<AdminPaymentProof>[] = [
  { header: 'Sent', cell: (proof) => formatDateTime(proof.submittedAt) },
  {
    header: 'Order',
    cell: (proof) => (
      <>
        <Link to="/admin/orders" search={{ search: proof.reference }}>
          {proof.reference}
        </Link>
        <div className="muted">{proof.orderStatus}</div>
      </>
    ),
  },
  { header: 'Customer', cell: (proof) => proof.customerName || '—' },
  { header: 'Order total', cell: (proof) => formatMoney(proof.orderTotal), className: 'admin-table__number' },
  {
    header: 'Transaction ID',
    cell: (proof) => (
      <>
        {proof.transactionId}
        {proof.usedOnOtherOrders.length > 0 && (
          <p className="form-error" role="note">
            Also sent for order {proof.usedOnOtherOrders.join(', ')}
          </p>
        )}
      </>
    ),
  },
  {
    header: 'Screenshot',
    cell: (proof) => (
      <a href={proof.image} target="_blank" rel="noreferrer">
        <img src={proof.image} alt={`Screenshot for ${proof.transactionId}`} width={64} height={64} />
      </a>
    ),
  },
  {
    header: 'State',
    cell: (proof) => (
      <>
        {STATE_LABELS[proof.state]}
        {proof.reason && <div className="muted">{proof.reason}</div>}
      </>
    ),
  },
  { header: 'Actions', cell: (proof) => <ProofActions proof={proof} /> },
];

function ProofActions({ proof }: { proof: AdminPaymentProof }) {
  const decide = useDecideProof();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      {proof.state === 'submitted' && !rejecting && (
        <div className="admin-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: proof.id })}
          >
            Accept
          </button>
          <button type="button" className="button button--ghost" onClick={() => setRejecting(true)}>
            Reject
          </button>
        </div>
      )}
      {proof.state === 'submitted' && rejecting && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            decide.mutate({ id: proof.id, reason: reason.trim() });
          }}
        >
          <label className="field">
            <span>Reason the shopper is told</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </label>
          <button type="submit" className="button button--primary" disabled={reason.trim().length < 3}>
            Reject proof
          </button>
          <button type="button" className="button button--ghost" onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </form>
      )}
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorMessage(decide.error, 'Could not record the decision. Please try again.')}
        </p>
      )}
    </>
  );
}
