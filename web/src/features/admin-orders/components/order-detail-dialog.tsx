import type { Order, OrderItem } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { itemsOf } from '../../../lib/order-items';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { Modal } from '../../../ui/admin/modal';
import { PhoneLinks } from '../../../ui/admin/phone-links';
import { formatDateTime } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { OrderStatusBadge } from '../../../ui/status-badge';
import { adminOrderQuery } from '../api/orders';
import { OrderNotes, OrderReturns } from './order-after-sale';
import { OrderConfirmation } from './order-confirmation';
import { customerContact, customerName, shippingLine } from './order-fields';
import { StatusControl } from './status-control';

export interface OrderDetailDialogProps {
  /** The order as the list has it; shown at once while the full view (with history) loads. */
  order: Order;
  onClose: () => void;
}

const ITEM_COLUMNS: readonly Column<OrderItem>[] = [
  { header: 'Product', rowHeader: true, cell: (item) => item.Product?.name ?? item.name },
  { header: 'Quantity', className: 'admin-table__number', cell: (item) => item.qty },
  { header: 'Price', className: 'admin-table__number', cell: (item) => formatMoney(item.price) },
  { header: 'Category', cell: (item) => item.Product?.category ?? item.category ?? '—' },
  { header: 'Size', cell: (item) => item.size || '—' },
];

/** The detail overlay of one order: its fields, items, status control and status history. */
export function OrderDetailDialog({ order: listed, onClose }: OrderDetailDialogProps) {
  const detail = useQuery(adminOrderQuery(listed.id));
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const order = detail.data ?? listed;

  return (
    <Modal title={`Order ${listed.reference}`} onClose={onClose} size="large">
      {notFound ? (
        <p className="admin-empty" role="alert">
          Order not found
        </p>
      ) : (
        <>
          <dl className="admin-facts">
            <Fact label="Customer">{customerName(order)}</Fact>
            <Fact label="Email">
              {order.User?.email ? <a href={`mailto:${order.User.email}`}>{order.User.email}</a> : '—'}
            </Fact>
            <Fact label="Contact">
              <PhoneLinks phone={customerContact(order)} />
            </Fact>
            <Fact label="Shipping Address">{shippingLine(order)}</Fact>
            <Fact label="Payment Method">
              {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}
            </Fact>
            <Fact label="Order Total">{formatMoney(order.totalPrice)}</Fact>
            <Fact label="Status">
              <OrderStatusBadge status={order.status} look="admin" />
            </Fact>
            <Fact label="Is Paid">{order.isPaid ? 'Yes' : 'No'}</Fact>
            {order.isPaid && <Fact label="Paid At">{formatDateTime(order.paidAt)}</Fact>}
            <Fact label="Created At">{formatDateTime(order.createdAt)}</Fact>
            <Fact label="Delivery Note">{order.deliveryNote ?? '—'}</Fact>
            {order.status === 'Cancelled' && (
              <Fact label="Cancelled By">
                {order.cancelledBy === 'customer' ? 'The customer' : 'The shop'}
              </Fact>
            )}
            {order.refundDue !== null && order.refundDue !== undefined && (
              <Fact label="Refund Owed">{formatMoney(order.refundDue)}</Fact>
            )}
          </dl>

          <OrderConfirmation order={order} />

          <section className="admin-subsection" aria-labelledby={`order-${order.id}-status`}>
            <h3 id={`order-${order.id}-status`}>Change status</h3>
            <StatusControl order={order} />
          </section>

          <section className="admin-subsection" aria-labelledby={`order-${order.id}-items`}>
            <h3 id={`order-${order.id}-items`}>Items</h3>
            <DataTable
              label="Items of this order"
              className="admin-table--compact"
              columns={ITEM_COLUMNS}
              rows={itemsOf(order)}
              rowKey={(item) => String(item.id)}
            />
          </section>

          <section className="admin-subsection" aria-labelledby={`order-${order.id}-notes`}>
            <h3 id={`order-${order.id}-notes`}>Notes</h3>
            <OrderNotes order={order} />
          </section>

          <section className="admin-subsection" aria-labelledby={`order-${order.id}-returns`}>
            <h3 id={`order-${order.id}-returns`}>Returns</h3>
            <OrderReturns order={order} />
          </section>

          <section className="admin-subsection" aria-labelledby={`order-${order.id}-history`}>
            <h3 id={`order-${order.id}-history`}>Status history</h3>
            {detail.isPending ? (
              <p className="muted" role="status">
                Loading history…
              </p>
            ) : detail.isError ? (
              <div className="admin-banner admin-banner--error" role="alert">
                <p>{errorMessage(detail.error)}</p>
                <button
                  type="button"
                  className="button button--ghost admin-button--small"
                  onClick={() => void detail.refetch()}
                >
                  Retry
                </button>
              </div>
            ) : (
              <StatusHistory order={order} />
            )}
          </section>
        </>
      )}
    </Modal>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function StatusHistory({ order }: { order: Order }) {
  const history = order.statusHistory ?? [];
  if (history.length === 0) return <p className="muted">No status changes yet.</p>;
  return (
    <ol className="admin-history">
      {history.map((change) => (
        <li key={`${change.at}-${change.to}`} className="admin-history__item">
          <span className="admin-history__change">
            {change.from ? (
              <>
                <OrderStatusBadge status={change.from} look="admin" /> <span aria-hidden="true">→</span>
                <span className="visually-hidden">to</span>{' '}
                <OrderStatusBadge status={change.to} look="admin" />
              </>
            ) : (
              <>
                Placed as <OrderStatusBadge status={change.to} look="admin" />
              </>
            )}
          </span>
          <span className="muted">
            by {change.by?.name ?? 'the system'} on{' '}
            <time dateTime={change.at}>{formatDateTime(change.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
