import { type Order, shopConfig } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { formatMoney } from '../../../../ui/money';
import { adminOrdersQuery } from '../../api/orders';
import { AdminPage } from '../ui/admin-page';
import { errorMessage, formatDateTime } from '../ui/format';
import { EmptyState, ErrorPanel, LoadingState } from '../ui/states';
import { TableScroll } from '../ui/table-scroll';
import { useIsDesktop } from '../ui/use-media-query';
import { OrderDetailDialog } from './order-detail-dialog';
import { customerContact, customerName, shippingLine } from './order-fields';
import { StatusBadge } from './status-badge';
import { StatusControl } from './status-control';
import './orders.css';

/** Clicks on the row's own controls must not also open the overlay. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest('button, select, a, input, label') !== null;
}

/**
 * `/admin/orders`: every order with its status control; a table from 1024 px, cards below. A row (or
 * its order number) opens the detail overlay, which reads the open order from the cache, so a status
 * change made in either place shows in both.
 */
export function OrdersPage() {
  const orders = useQuery(adminOrdersQuery());
  const isDesktop = useIsDesktop();
  const [openId, setOpenId] = useState<string | null>(null);
  const openOrder = orders.data?.find((order) => order.id === openId) ?? null;

  if (orders.isError) {
    return (
      <AdminPage title="Order Management" subtitle="Manage customer orders and fulfillment">
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
    <AdminPage title="Order Management" subtitle="Manage customer orders and fulfillment">
      {orders.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : orders.data.length === 0 ? (
        <EmptyState title="No orders yet" hint="Orders appear here as soon as customers place them." />
      ) : isDesktop ? (
        <OrdersTable orders={orders.data} onOpen={setOpenId} />
      ) : (
        <OrderCards orders={orders.data} onOpen={setOpenId} />
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
  return (
    <TableScroll label="Orders table">
      <table className="admin-table admin-table--rows-open">
        <caption className="visually-hidden">Orders; open an order for its details and history</caption>
        <thead>
          <tr>
            <th scope="col">Order ID</th>
            <th scope="col">Customer</th>
            <th scope="col">Contact</th>
            <th scope="col">Shipping Address</th>
            <th scope="col">Amount ({shopConfig.currency})</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr
              key={order.id}
              data-order-id={order.id}
              onClick={(event) => {
                if (!fromControl(event)) onOpen(order.id);
              }}
            >
              <td>
                <OpenOrderButton order={order} onOpen={onOpen} />
                <div className="muted admin-table__sub">{formatDateTime(order.createdAt)}</div>
              </td>
              <td>
                {customerName(order)}
                {order.User?.email && <div className="muted admin-table__sub">{order.User.email}</div>}
              </td>
              <td>{customerContact(order)}</td>
              <td className="admin-table__address">{shippingLine(order)}</td>
              <td className="admin-table__number">{formatMoney(order.totalPrice)}</td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>
                <StatusControl order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
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
              <StatusBadge status={order.status} />
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
