import { type Order, toMinor } from '@shop/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { addLine, cartStore, NO_SIZE } from '../../../lib/cart';
import { formatDate } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { PriceSummary } from '../../../ui/price-summary';
import { OrderStatusBadge } from '../../../ui/status-badge';
import { SupportContacts } from '../../../ui/support-contacts';
import { orderQuery } from '../api/orders';
import { CancelPanel, ReturnsPanel } from './after-sale';
import { ConfirmationPanel } from './confirmation-panel';
import { PaymentPanel } from './payment-panel';
import '../../../ui/account.css';
import '../../../ui/field.css';
import { itemsOf } from '../../../lib/order-items';

export const ORDER_LOAD_FAILED = 'Could not load this order. Please try again.';

/**
 * Every item goes back into the cart with quantity 1 and its size (or '-'), capped at stock
 * (docs/rules/orders.md#reorder).
 */
export function reorder(order: Order): void {
  cartStore.set((lines) =>
    itemsOf(order).reduce(
      (cart, item) =>
        addLine(cart, {
          product: String(item.Product?.id ?? item.product),
          name: item.Product?.name ?? item.name,
          image: item.Product?.thumbnail || item.Product?.image || item.image,
          price: item.price,
          countInStock: item.Product?.countInStock ?? 0,
          qty: 1,
          size: item.size || NO_SIZE,
        }),
      lines,
    ),
  );
}

/** While the route's loader fetches the order. */
export function OrderPageLoading() {
  return (
    <section className="account-page container">
      <p role="status">Loading order details...</p>
    </section>
  );
}

/** The route's loader failed: an unknown order, or any other failure with the server's message. */
export function OrderPageFailed({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <section className="account-page container">
      {missing ? (
        <EmptyState title="Order not found" text="There is no order with this number on your account.">
          <Link to="/profile" className="button button--primary">
            Back to Profile
          </Link>
        </EmptyState>
      ) : (
        <div className="form-error" role="alert">
          {errorMessage(error, ORDER_LOAD_FAILED)}
        </div>
      )}
    </section>
  );
}

/** One order: header, shipping and payment cards, items, summary, Reorder and the help block. */
export function OrderPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(orderQuery(id));

  const items = itemsOf(data);
  const address = data.shippingAddress;

  return (
    <section className="account-page container" aria-labelledby="order-title">
      <div className="page-head">
        <div>
          <h1 id="order-title">Order {data.reference}</h1>
          <p className="muted">Placed on {formatDate(data.createdAt, '')}</p>
        </div>
        <p className="order-page__status">
          <OrderStatusBadge status={data.status} />
          {data.isDelivered && <span className="muted"> on {formatDate(data.deliveredAt, '')}</span>}
        </p>
      </div>

      <ConfirmationPanel order={data} shownAs={id} />
      <CancelPanel order={data} />

      <div className="panel-grid">
        <section className="panel" aria-labelledby="shipping-title">
          <h2 id="shipping-title">Shipping Address</h2>
          {address?.address ? (
            <address>
              {address.fullName && <div>{address.fullName}</div>}
              <div>{address.address}</div>
              <div>
                {address.city}, {address.postalCode}
              </div>
              <div>{address.country}</div>
              {address.phone && <div>{address.phone}</div>}
            </address>
          ) : (
            <p className="muted">No shipping address</p>
          )}
        </section>

        <section className="panel" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment Method</h2>
          <div className="page-head">
            <span>{PAYMENT_METHOD_LABELS[data.paymentMethod] ?? data.paymentMethod}</span>
            <span className={`status-badge status-badge--${data.isPaid ? 'delivered' : 'default'}`}>
              {data.isPaid ? `Paid at ${formatDate(data.paidAt, '')}` : 'Pending'}
            </span>
          </div>
          <PaymentPanel order={data} shownAs={id} />
        </section>
      </div>

      <section className="panel" aria-labelledby="items-title">
        <h2 id="items-title">Order Items</h2>
        {items.length === 0 ? (
          <p className="muted">No items in this order</p>
        ) : (
          <ul className="order-items">
            {items.map((item) => (
              <li key={item.id}>
                <img src={item.Product?.thumbnail || item.image} alt={item.name} width={64} height={64} />
                <div>
                  <p>
                    <strong>{item.name}</strong>
                  </p>
                  <p className="muted">
                    Size: {item.size || NO_SIZE} · Qty: {item.qty} × {formatMoney(item.price)}
                  </p>
                </div>
                <strong>{formatMoney((toMinor(item.price) * item.qty) / 100)}</strong>
              </li>
            ))}
          </ul>
        )}
        <PriceSummary
          pricing={{
            itemsPrice: toMinor(data.itemsPrice),
            discount: toMinor(data.discountPrice ?? 0),
            shippingPrice: toMinor(data.shippingPrice),
            totalPrice: toMinor(data.totalPrice),
          }}
        />
        {items.length > 0 && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              reorder(data);
              void navigate({ to: '/cart' });
            }}
          >
            Reorder These Items
          </button>
        )}
      </section>

      <ReturnsPanel order={data} />

      <section className="panel" aria-labelledby="help-title">
        <h2 id="help-title">Need help with your order?</h2>
        <p>Quote your order reference {data.reference} when you contact us.</p>
        <SupportContacts />
      </section>
    </section>
  );
}
