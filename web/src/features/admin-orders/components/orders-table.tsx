import { type Order, shopConfig } from '@shop/contracts';
import type { MouseEvent } from 'react';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { PhoneLinks } from '../../../ui/admin/phone-links';
import { formatDateTime } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { OrderStatusBadge } from '../../../ui/status-badge';
import { ConfirmationBadge } from './confirmation-badge';
import { customerContact, customerName, shippingLine } from './order-fields';
import { StatusControl } from './status-control';

/** Clicks on the row's own controls (and the dialogs they open) must not also open the overlay. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('button, select, a, input, label, dialog') !== null
  );
}

export interface OrdersViewProps {
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

/** The orders as table rows (from 1024 px); a row or its order number opens the order. */
export function OrdersTable({ orders, onOpen }: OrdersViewProps) {
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
    { header: 'Contact', cell: (order) => <PhoneLinks phone={customerContact(order)} /> },
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

/** The orders as cards (below 1024 px); a card or its order number opens the order. */
export function OrderCards({ orders, onOpen }: OrdersViewProps) {
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
                <dd>
                  <PhoneLinks phone={customerContact(order)} />
                </dd>
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
