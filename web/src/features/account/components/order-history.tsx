import type { Order } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { OrderStatusBadge } from '../../../ui/status-badge';
import { myOrdersQuery } from '../api/account';
import '../../../ui/field.css';
import { itemsOf } from '../../../lib/order-items';

export const ORDER_HISTORY_FAILED = 'Failed to load order history.';

/** The signed-in user's orders: date, total, coloured status, payment method and a link to each. */
export function OrderHistory() {
  const orders = useQuery(myOrdersQuery());
  if (orders.isPending) return <p className="muted">Loading your orders...</p>;
  if (orders.isError)
    return (
      <div className="form-error" role="alert">
        {ORDER_HISTORY_FAILED}
      </div>
    );
  if (orders.data.length === 0)
    return (
      <EmptyState title="No orders yet" text="Your orders will appear here." level={3}>
        <Link to="/shopping" className="button button--primary">
          Browse Products
        </Link>
      </EmptyState>
    );
  return (
    <ul className="order-list" aria-label="Your orders">
      {orders.data.map((order) => (
        <li key={order.id}>
          <OrderThumbnails order={order} />
          <div>
            <Link to="/order/$id" params={{ id: order.id }}>
              Order {order.reference}
            </Link>
            <p className="order-list__items">{itemsSummary(order)}</p>
            <p className="muted">
              {formatDate(order.createdAt, '')} ·{' '}
              {PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}
            </p>
          </div>
          <strong>{formatMoney(order.totalPrice)}</strong>
          <OrderStatusBadge status={order.status} />
        </li>
      ))}
    </ul>
  );
}

const SHOWN_ITEMS = 2;

/** "Training Tee, Core Hoodie and 2 more": the first items' names, so orders can be told apart. */
function itemsSummary(order: Order): string {
  const names = itemsOf(order).map((item) => item.name);
  const shown = names.slice(0, SHOWN_ITEMS).join(', ');
  const more = names.length - SHOWN_ITEMS;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** The first items' thumbnails; their names are in the text beside them, so the pictures are decorative. */
function OrderThumbnails({ order }: { order: Order }) {
  return (
    <div className="order-list__thumbs" aria-hidden="true">
      {itemsOf(order)
        .slice(0, SHOWN_ITEMS)
        .map((item) => (
          <img key={item.id} src={item.Product?.thumbnail || item.image} alt="" width={48} height={48} />
        ))}
    </div>
  );
}
