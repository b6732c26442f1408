import { AFFILIATE_STATUSES, type AffiliateRequest } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ListFilters, ListPager, ListSelect } from '../../../ui/admin/list-controls';
import { ShortId } from '../../../ui/admin/short-id';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { formatDate } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import {
  type AffiliateDecision,
  affiliateRequestsPageQuery,
  useDecideAffiliateRequest,
} from '../api/affiliates';
import type { AffiliatesSearch } from '../customers-search';

export interface AffiliatesPageProps {
  search: AffiliatesSearch;
  onSearchChange: (next: AffiliatesSearch) => void;
}

/** `/admin/affiliates`: a page of requests at a time, newest first, of one status or all; pending ones can be approved or rejected. */
export function AffiliatesPage({ search, onSearchChange }: AffiliatesPageProps) {
  const requests = useQuery(affiliateRequestsPageQuery(search));

  return (
    <AdminPage
      title="Affiliate Requests"
      subtitle="Approve or reject customers who want to become affiliates"
    >
      <ListFilters>
        <ListSelect
          label="Status"
          any="Any status"
          value={search.status}
          options={AFFILIATE_STATUSES.map((status) => [status, status] as const)}
          onChange={(status) => onSearchChange({ status })}
        />
      </ListFilters>
      {requests.isPending ? (
        <LoadingState label="Loading affiliate requests…" />
      ) : requests.isError && !requests.data ? (
        <ErrorPanel
          title="Affiliate requests could not be loaded"
          message={errorMessage(requests.error)}
          retrying={requests.isFetching}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.total === 0 ? (
        <EmptyState
          announced
          title={search.status ? `No ${search.status.toLowerCase()} requests` : 'No requests yet'}
        />
      ) : (
        <>
          <DataTable
            label="Affiliate requests table"
            caption="Affiliate requests"
            busy={requests.isPlaceholderData}
            columns={AFFILIATE_COLUMNS}
            rows={requests.data.items}
            rowKey={(request) => request.id}
          />
          <ListPager
            page={requests.data}
            noun="request"
            loading={requests.isPlaceholderData}
            onCursor={(cursor) => onSearchChange({ ...search, cursor })}
          />
        </>
      )}
      <aside className="admin-note">
        <p>Approved affiliates get a unique referral link and earn commission on the sales they refer.</p>
        <p>Rejected applicants may apply again and be reconsidered.</p>
      </aside>
    </AdminPage>
  );
}

const DECISION_LABELS: Readonly<Record<AffiliateDecision, string>> = { approve: 'Approve', reject: 'Reject' };

const applicantName = (request: AffiliateRequest) => request.User?.name || 'Unknown user';

const AFFILIATE_COLUMNS: readonly Column<AffiliateRequest>[] = [
  { header: 'ID', className: 'admin-table__id', cell: (request) => <ShortId id={request.id} /> },
  {
    header: 'User',
    rowHeader: true,
    className: 'admin-table__name',
    cell: (request) => (
      <>
        {applicantName(request)}
        <div className="muted admin-table__sub">Applied {formatDate(request.createdAt)}</div>
      </>
    ),
  },
  {
    header: 'Email',
    cell: (request) =>
      request.User?.email ? <a href={`mailto:${request.User.email}`}>{request.User.email}</a> : '—',
  },
  {
    header: 'Status',
    cell: (request) => (
      <>
        <span className={`admin-affiliate-status admin-affiliate-status--${request.status.toLowerCase()}`}>
          {request.status}
        </span>
        {request.code && <div className="muted admin-table__sub">Code {request.code}</div>}
      </>
    ),
  },
  { header: 'Actions', cell: (request) => <Decision request={request} /> },
];

/**
 * One request's decision. While it is in flight the cell reads 'Processing...'; a failure shows the
 * server's message and gives the buttons back.
 */
function Decision({ request }: { request: AffiliateRequest }) {
  const decide = useDecideAffiliateRequest();
  const name = applicantName(request);

  return (
    <>
      {request.status !== 'Pending' ? (
        <span className="muted">—</span>
      ) : decide.isPending ? (
        <span role="status">Processing...</span>
      ) : (
        <div className="admin-row-actions">
          {(['approve', 'reject'] as const).map((decision) => (
            <button
              key={decision}
              type="button"
              className={`button admin-button--small ${decision === 'approve' ? 'button--primary' : 'admin-button--danger-ghost'}`}
              aria-label={`${DECISION_LABELS[decision]} ${name}`}
              onClick={() => decide.mutate({ id: request.id, decision })}
            >
              {DECISION_LABELS[decision]}
            </button>
          ))}
        </div>
      )}
      {decide.isError && !decide.isPending && (
        <p className="admin-field-error" role="alert">
          Could not {decide.variables?.decision ?? 'decide'} the request: {errorMessage(decide.error)}
        </p>
      )}
    </>
  );
}
