import { RETURN_STATUSES, type ReturnStatus } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { ListPager } from '../../../ui/admin/list-controls';
import { ReturnActions, ReturnStatusBadge, returnedLines } from '../../../ui/admin/return-actions';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { TableScroll } from '../../../ui/admin/table-scroll';
import { formatDateTime } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { adminReturnsQuery, type ReturnsFilter } from '../api/returns';

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
          <TableScroll label="Returns">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Requested</th>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Refund</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((entry) => (
                  <tr key={entry.id} aria-label={`Return ${entry.id}`}>
                    <td>{formatDateTime(entry.requestedAt)}</td>
                    <td>
                      <Link to="/admin/orders" search={{ search: entry.orderReference || entry.orderId }}>
                        {entry.orderReference || entry.orderId}
                      </Link>
                    </td>
                    <td>{entry.User?.name ?? '—'}</td>
                    <td>{returnedLines(entry)}</td>
                    <td>{entry.reason}</td>
                    <td className="admin-table__number">{formatMoney(entry.refundAmount)}</td>
                    <td>
                      <ReturnStatusBadge status={entry.status} />
                    </td>
                    <td>
                      <ReturnActions entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
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
