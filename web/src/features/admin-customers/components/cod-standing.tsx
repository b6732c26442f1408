import { type AdminCustomer, LIFT_REASON_MAX, LiftRefusalLimitRequest } from '@shop/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { Modal } from '../../../ui/admin/modal';
import { useLiftRefusalLimit } from '../api/customers';
import '../../../ui/admin/forms.css';

/**
 * A customer's parcels refused at the door, and whether checkout refuses them cash on delivery; a
 * blocked customer can be offered it again, with the reason on record.
 */
export function CodStandingCell({ customer }: { customer: AdminCustomer }) {
  const [lifting, setLifting] = useState(false);
  const cod = customer.cod;
  if (!cod) return <span className="muted">—</span>;
  const refusals = `${cod.refusals} ${cod.refusals === 1 ? 'refusal' : 'refusals'}`;
  return (
    <>
      {cod.refusals === 0 ? <span className="muted">{refusals}</span> : refusals}
      {cod.blocked && (
        <div className="admin-table__sub">
          <span className="admin-status admin-status--refused">COD blocked</span>{' '}
          <button
            type="button"
            className="button button--ghost admin-button--small"
            aria-haspopup="dialog"
            aria-label={`Offer COD again to ${customer.name}`}
            onClick={() => setLifting(true)}
          >
            Offer COD again
          </button>
        </div>
      )}
      {lifting && <LiftDialog customer={customer} onClose={() => setLifting(false)} />}
    </>
  );
}

function LiftDialog({ customer, onClose }: { customer: AdminCustomer; onClose: () => void }) {
  const lift = useLiftRefusalLimit();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const problemId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = LiftRefusalLimitRequest.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'reason is required');
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    lift.mutate({ id: customer.id, ...parsed.data }, { onSuccess: onClose });
  }

  const fieldError = problem ?? (lift.isError ? errorMessage(lift.error) : null);
  return (
    <Modal
      title="Offer cash on delivery again"
      description={`${customer.name} has ${customer.cod?.refusals ?? 0} refused parcels, so checkout offers them only the wallet or bank transfer.`}
      onClose={onClose}
      initialFocusRef={reasonRef}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-field">
          <label htmlFor={reasonId}>Reason</label>
          <textarea
            ref={reasonRef}
            id={reasonId}
            rows={3}
            required
            maxLength={LIFT_REASON_MAX}
            value={reason}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? problemId : undefined}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {fieldError && (
            <p id={problemId} className="admin-field-error" role="alert">
              {fieldError}
            </p>
          )}
        </div>
        <div className="admin-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={lift.isPending}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={lift.isPending}>
            {lift.isPending ? 'Saving…' : 'Offer COD again'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
