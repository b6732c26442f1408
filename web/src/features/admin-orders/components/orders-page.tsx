import { CONFIRMATION_FILTERS, ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { ListDay, ListFilters, ListPager, ListSearch, ListSelect } from '../../../ui/admin/list-controls';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { useIsDesktop } from '../../../ui/admin/use-media-query';
import { CONFIRMATION_LABELS } from '../../../ui/confirmation';
import { EmptyState } from '../../../ui/empty-state';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { adminOrdersPageQuery, downloadOrdersCsv } from '../api/orders';
import type { OrdersSearch } from '../orders-search';
import { OrderDetailDialog } from './order-detail-dialog';
import { OrderCards, OrdersTable } from './orders-table';
import './orders.css';

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
