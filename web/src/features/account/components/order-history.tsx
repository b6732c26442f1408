import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatShopDate } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { myOrdersQuery } from '../api/account';
import { OrderStatusBadge } from './status-badge';
import '../../../ui/field.css';

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
          <div>
            <Link to="/order/$id" params={{ id: order.id }}>
              Order #{order.id}
            </Link>
            <p className="muted">
              {formatShopDate(order.createdAt)} ·{' '}
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
