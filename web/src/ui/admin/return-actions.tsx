import { type OrderReturn, RETURN_TRANSITIONS, type ReturnStatus } from '@shop/contracts';
import { errorMessage } from '../../lib/api';
import { useMoveReturn } from '../../lib/return-moves';
import './table.css';
import './returns.css';

/** What each move is called on its button. */
const MOVE_LABELS: Record<ReturnStatus, string> = {
  Requested: 'Requested',
  Approved: 'Approve',
  Rejected: 'Reject',
  Received: 'Mark Received',
  Refunded: 'Mark Refunded',
};

/** A return's status as a badge. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={`admin-status admin-status--return-${status.toLowerCase()}`}>{status}</span>;
}

/** The moves a return allows from where it stands, one button each; a refused move shows why. */
export function ReturnActions({ entry }: { entry: OrderReturn }) {
  const move = useMoveReturn();
  const next = RETURN_TRANSITIONS[entry.status];
  if (next.length === 0) return <span className="muted">No further steps</span>;
  return (
    <fieldset className="admin-return-actions" aria-label={`Move return ${entry.id}`}>
      {next.map((status) => (
        <button
          key={status}
          type="button"
          className={`button admin-button--small ${status === 'Rejected' ? 'button--ghost' : 'button--primary'}`}
          disabled={move.isPending}
          onClick={() => move.mutate({ id: entry.id, status })}
        >
          {MOVE_LABELS[status]}
        </button>
      ))}
      {move.isError && (
        <p className="admin-alert" role="alert">
          Return update failed: {errorMessage(move.error)}
        </p>
      )}
    </fieldset>
  );
}

/** The returned lines in one line of text: `1 × Running Tee (MD), 2 × Cap`. */
export function returnedLines(entry: OrderReturn): string {
  return entry.items
    .map((item) => `${item.qty} × ${item.name}${item.size ? ` (${item.size})` : ''}`)
    .join(', ');
}
