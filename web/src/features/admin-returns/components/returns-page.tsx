import { type OrderReturn, RETURN_STATUSES, type ReturnStatus } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ListPager } from '../../../ui/admin/list-controls';
import { ReturnActions, ReturnStatusBadge, returnedLines } from '../../../ui/admin/return-actions';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { formatDateTime } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { adminReturnsQuery, type ReturnsFilter } from '../api/returns';

const RETURN_COLUMNS: readonly Column<OrderReturn>[] = [
  { header: 'Requested', cell: (entry) => formatDateTime(entry.requestedAt) },
  {
    header: 'Order',
    cell: (entry) => (
      <Link to="/admin/orders" search={{ search: entry.orderReference || entry.orderId }}>
        {entry.orderReference || entry.orderId}
      </Link>
    ),
  },
  { header: 'Customer', cell: (entry) => entry.User?.name ?? '—' },
  { header: 'Items', cell: returnedLines },
  { header: 'Reason', cell: (entry) => entry.reason },
  { header: 'Refund', className: 'admin-table__number', cell: (entry) => formatMoney(entry.refundAmount) },
  { header: 'Status', cell: (entry) => <ReturnStatusBadge status={entry.status} /> },
  { header: 'Actions', cell: (entry) => <ReturnActions entry={entry} /> },
];

/**
 * `/admin/returns?status=&cursor=`: the return requests, newest first, a page at a time with the
 * total and the pages either side (the admin lists' pager); the status filter and the page live in
 * the URL. Each row moves its return on.
 */
export function ReturnsPage({ filter }: { filter: ReturnsFilter }) {
  const page = useQuery(adminReturnsQuery(filter));
  const navigate = useNavigate();
  const search = (next: ReturnsFilter) => ({
    ...(next.status ? { status: next.status } : {}),
    ...(next.cursor ? { cursor: next.cursor } : {}),
  });

  return (
    <AdminPage
      title="Returns"
      subtitle="Requests to return items of delivered orders, within the return window"
    >
      <nav aria-label="Filter returns by status" className="admin-shortcuts">
        <Link
          to="/admin/returns"
          search={{}}
          className="button button--ghost"
          aria-current={!filter.status ? 'page' : undefined}
        >
          All
        </Link>
        {RETURN_STATUSES.map((status: ReturnStatus) => (
          <Link
            key={status}
            to="/admin/returns"
            search={{ status }}
            className="button button--ghost"
            aria-current={filter.status === status ? 'page' : undefined}
          >
            {status}
          </Link>
        ))}
      </nav>
      {page.isPending ? (
        <LoadingState label="Loading returns…" />
      ) : page.isError ? (
        <ErrorPanel
          title="Returns could not be loaded"
          message={errorMessage(page.error)}
          retrying={page.isFetching}
          onRetry={() => void page.refetch()}
        />
      ) : page.data.total === 0 ? (
        <EmptyState
          announced
          title={filter.status ? `No ${filter.status.toLowerCase()} returns` : 'No returns yet'}
        />
      ) : (
        <>
          <DataTable
            label="Returns"
            columns={RETURN_COLUMNS}
            rows={page.data.items}
            rowKey={(entry) => entry.id}
            rowProps={(entry) => ({ 'aria-label': `Return ${entry.id}` })}
          />
          <ListPager
            page={page.data}
            noun="return"
            loading={page.isPlaceholderData}
            onCursor={(cursor) =>
              void navigate({ to: '/admin/returns', search: search({ ...filter, cursor }) })
            }
          />
        </>
      )}
    </AdminPage>
  );
}
