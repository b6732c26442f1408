import {
  CONFIRMATION_FILTERS,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  PAYMENT_METHODS,
  shopConfig,
} from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ListDay, ListFilters, ListPager, ListSearch, ListSelect } from '../../../ui/admin/list-controls';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { useIsDesktop } from '../../../ui/admin/use-media-query';
import { CONFIRMATION_LABELS } from '../../../ui/confirmation';
import { formatDateTime } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { OrderStatusBadge } from '../../../ui/status-badge';
import { adminOrdersPageQuery, downloadOrdersCsv } from '../api/orders';
import type { OrdersSearch } from '../orders-search';
import { ConfirmationBadge } from './confirmation-badge';
import { OrderDetailDialog } from './order-detail-dialog';
import { customerContact, customerName, shippingLine } from './order-fields';
import { StatusControl } from './status-control';
import './orders.css';

/** Clicks on the row's own controls (and the dialogs they open) must not also open the overlay. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('button, select, a, input, label, dialog') !== null
  );
}

const YES_NO = (yes: string, no: string) =>
  [
    ['true', yes],
    ['false', no],
  ] as const;
const asFlag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
const ofFlag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

export interface OrdersPageProps {
  /** The filters, search, sort and page, as the URL holds them. */
  search: OrdersSearch;
  onSearchChange: (next: OrdersSearch) => void;
}

/**
 * `/admin/orders`: a page of orders at a time, filtered, searched and sorted by the server, with the
 * count of matches; a table from 1024 px, cards below. A row (or its order number) opens the detail
 * overlay, which reads the open order from the page, so a status change made in either place shows
 * in both. While the next page loads the current rows stay.
 */
export function OrdersPage({ search, onSearchChange }: OrdersPageProps) {
  const orders = useQuery(adminOrdersPageQuery(search));
  const isDesktop = useIsDesktop();
  const [openId, setOpenId] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const openOrder = orders.data?.items.find((order) => order.id === openId) ?? null;
  /** A filter or search changed: back to the first page. */
  const refine = (change: Partial<OrdersSearch>) =>
    onSearchChange({ ...search, ...change, cursor: undefined });
  const filtered = Object.entries(search).some(([key, value]) => key !== 'cursor' && value !== undefined);

  const title = 'Order Management';
  const subtitle = 'Manage customer orders and fulfillment';
  if (orders.isError && !orders.data) {
    return (
      <AdminPage title={title} subtitle={subtitle}>
        <ErrorPanel
          fullScreen
          title="Orders could not be loaded"
          message={errorMessage(orders.error)}
          retrying={orders.isFetching}
          onRetry={() => void orders.refetch()}
        />
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={title}
      subtitle={subtitle}
      actions={
        <button
          type="button"
          className="button button--ghost admin-button--small"
          onClick={() => {
            setExportError(null);
            downloadOrdersCsv(search).catch((error: unknown) => setExportError(errorMessage(error)));
          }}
        >
          Export CSV
        </button>
      }
    >
      <ListFilters>
        <ListSearch
          label="Search orders"
          placeholder="Reference, order ID, customer name, e-mail or phone"
          value={search.search}
          onSearch={(text) => refine({ search: text })}
        />
        <ListSelect
          label="Status"
          any="Any status"
          value={search.status}
          options={ORDER_STATUSES.map((status) => [status, status] as const)}
          onChange={(status: OrderStatus | undefined) => refine({ status })}
        />
        <ListSelect
          label="Payment"
          any="Any method"
          value={search.paymentMethod}
          options={PAYMENT_METHODS.map((method) => [method, PAYMENT_METHOD_LABELS[method]] as const)}
          onChange={(paymentMethod) => refine({ paymentMethod })}
        />
        <ListSelect
          label="Paid"
          any="Paid or not"
          value={ofFlag(search.paid)}
          options={YES_NO('Paid', 'Not paid')}
          onChange={(paid) => refine({ paid: asFlag(paid) })}
        />
        <ListSelect
          label="Delivered"
          any="Delivered or not"
          value={ofFlag(search.delivered)}
          options={YES_NO('Delivered', 'Not delivered')}
          onChange={(delivered) => refine({ delivered: asFlag(delivered) })}
        />
        <ListSelect
          label="Confirmation"
          any="Any confirmation"
          value={search.confirmation}
          options={CONFIRMATION_FILTERS.map((state) => [state, CONFIRMATION_LABELS[state]] as const)}
          onChange={(confirmation) => refine({ confirmation })}
        />
        <ListDay label="Placed from" value={search.from} onChange={(from) => refine({ from })} />
        <ListDay label="Placed to" value={search.to} onChange={(to) => refine({ to })} />
        <ListSelect
          label="Sort"
          value={search.sort ?? 'newest'}
          options={[
            ['newest', 'Newest first'],
            ['oldest', 'Oldest first'],
            ['total', 'Highest total'],
          ]}
          onChange={(sort) => refine({ sort: sort === 'newest' ? undefined : sort })}
        />
      </ListFilters>
      {orders.isError && (
        <p className="admin-field-error" role="alert">
          {errorMessage(orders.error)}
        </p>
      )}
      {exportError && (
        <p className="admin-field-error" role="alert">
          The export failed: {exportError}
        </p>
      )}
      {orders.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : orders.data.total === 0 ? (
        filtered ? (
          <EmptyState
            announced
            title="No orders match"
            text="Change the filters or the search to see more orders."
          />
        ) : (
          <EmptyState
            announced
            title="No orders yet"
            text="Orders appear here as soon as customers place them."
          />
        )
      ) : (
        <>
          <div aria-busy={orders.isPlaceholderData}>
            {isDesktop ? (
              <OrdersTable orders={orders.data.items} onOpen={setOpenId} />
            ) : (
              <OrderCards orders={orders.data.items} onOpen={setOpenId} />
            )}
          </div>
          <ListPager
            page={orders.data}
            noun="order"
            loading={orders.isPlaceholderData}
            onCursor={(cursor) => onSearchChange({ ...search, cursor })}
          />
        </>
      )}
      {openOrder && <OrderDetailDialog order={openOrder} onClose={() => setOpenId(null)} />}
    </AdminPage>
  );
}

interface OrdersViewProps {
  orders: readonly Order[];
  onOpen: (id: string) => void;
}

function OpenOrderButton({ order, onOpen }: { order: Order; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      className="admin-link-button"
      onClick={() => onOpen(order.id)}
      aria-label={`Open order ${order.reference}`}
      aria-haspopup="dialog"
    >
      {order.reference}
    </button>
  );
}

function OrdersTable({ orders, onOpen }: OrdersViewProps) {
  const columns: Column<Order>[] = [
    {
      header: 'Order ID',
      cell: (order) => (
        <>
          <OpenOrderButton order={order} onOpen={onOpen} />
          <div className="muted admin-table__sub">{formatDateTime(order.createdAt)}</div>
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (order) => (
        <>
          {customerName(order)}
          {order.User?.email && <div className="muted admin-table__sub">{order.User.email}</div>}
        </>
      ),
    },
    { header: 'Contact', cell: customerContact },
    { header: 'Shipping Address', className: 'admin-table__address', cell: shippingLine },
    {
      header: `Amount (${shopConfig.currency})`,
      className: 'admin-table__number',
      cell: (order) => formatMoney(order.totalPrice),
    },
    {
      header: 'Status',
      cell: (order) => (
        <div className="admin-order-states">
          <OrderStatusBadge status={order.status} look="admin" />
          <ConfirmationBadge confirmation={order.confirmation} />
        </div>
      ),
    },
    { header: 'Actions', cell: (order) => <StatusControl order={order} /> },
  ];
  return (
    <DataTable
      label="Orders table"
      caption="Orders; open an order for its details and history"
      className="admin-table--rows-open"
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      rowProps={(order) => ({
        'data-order-id': order.id,
        onClick: (event) => {
          if (!fromControl(event)) onOpen(order.id);
        },
      })}
    />
  );
}

function OrderCards({ orders, onOpen }: OrdersViewProps) {
  return (
    <ul className="admin-cards">
      {orders.map((order) => (
        <li key={order.id}>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; the card's order-number button is the keyboard path. */}
          <article
            className="admin-card admin-card--order"
            aria-label={`Order ${order.id}`}
            onClick={(event) => {
              if (!fromControl(event)) onOpen(order.id);
            }}
          >
            <header className="admin-card__header">
              <OpenOrderButton order={order} onOpen={onOpen} />
              <OrderStatusBadge status={order.status} look="admin" />
              <ConfirmationBadge confirmation={order.confirmation} />
            </header>
            <dl className="admin-card__facts">
              <div>
                <dt>Customer</dt>
                <dd>{customerName(order)}</dd>
              </div>
              <div>
                <dt>Contact</dt>
                <dd>{customerContact(order)}</dd>
              </div>
              <div>
                <dt>Shipping Address</dt>
                <dd>{shippingLine(order)}</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>{formatMoney(order.totalPrice)}</dd>
              </div>
              <div>
                <dt>Placed</dt>
                <dd>{formatDateTime(order.createdAt)}</dd>
              </div>
            </dl>
            <StatusControl order={order} />
          </article>
        </li>
      ))}
    </ul>
  );
}
