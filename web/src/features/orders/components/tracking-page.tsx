import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../ui/dates';
import { PAYMENT_METHOD_LABELS } from '../../../ui/payment-labels';
import { OrderStatusBadge } from '../../../ui/status-badge';
import { SupportContacts } from '../../../ui/support-contacts';
import { trackingQuery } from '../api/orders';
import { ConfirmationPanel } from './confirmation-panel';
import '../../../ui/account.css';
import '../../../ui/field.css';

export const TRACKING_FAILED = 'Something went wrong while loading this order.';

/** While the route's loader fetches the tracking. */
export function TrackingPageLoading() {
  return (
    <section className="account-page container">
      <p role="status">Loading tracking details...</p>
    </section>
  );
}

/** The route's loader failed: an unknown order, or any other failure with Try Again. */
export function TrackingPageFailed({
  id,
  error,
  onRetry,
}: {
  id: string;
  error: unknown;
  onRetry: () => void;
}) {
  const unknown = error instanceof ApiError && error.status === 404;
  return (
    <section className="account-page container" aria-labelledby="tracking-failed">
      <div className="panel">
        <h1 id="tracking-failed">Order Not Found</h1>
        {unknown ? (
          <>
            <p>We couldn't find an order with ID: {id}</p>
            <Link to="/" className="button button--primary">
              Return to Homepage
            </Link>
          </>
        ) : (
          <>
            <p role="alert">{errorMessage(error, TRACKING_FAILED)}</p>
            <button type="button" className="button button--primary" onClick={onRetry}>
              Try Again
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** The order's progress bar, the timeline built from its events, and its summary. */
export function TrackingPage({ id }: { id: string }) {
  const tracking = useSuspenseQuery(trackingQuery(id));
  const { order, progress, timeline } = tracking.data;
  const tone =
    order.status === 'Delivered'
      ? 'delivered'
      : order.status === 'Cancelled' || order.status === 'Refused'
        ? order.status.toLowerCase()
        : 'default';
  const address = order.shippingAddress;

  return (
    <section className="account-page container" aria-labelledby="tracking-title">
      <div className="page-head">
        <h1 id="tracking-title">Order {order.reference}</h1>
        <OrderStatusBadge status={order.status} withIcon />
      </div>

      <section className="panel" aria-label="Progress">
        <div
          className="progress"
          role="progressbar"
          aria-label="Delivery progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}% - ${order.status}`}
        >
          <div className={`progress__bar progress__bar--${tone}`} style={{ width: `${progress}%` }} />
        </div>
        <div className="progress-labels" aria-hidden="true">
          <span>Order Placed</span>
          <span>Delivered</span>
        </div>
      </section>

      <ConfirmationPanel order={order} shownAs={id} />

      <section className="panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <ol className="timeline">
          {timeline.map((step) => (
            <li
              key={`${step.returnId ?? 'order'}-${step.key}`}
              data-state={step.state}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <h3>{step.label}</h3>
              <p className="muted">{step.description}</p>
              {step.at && (
                <p>
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>

      <div className="panel-grid">
        <section className="panel" aria-labelledby="summary-title">
          <h2 id="summary-title">Order Summary</h2>
          <dl className="details">
            <div>
              <dt>Shipping address</dt>
              <dd>
                {[address.address, address.city, address.postalCode, address.country]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
            </div>
            <div>
              <dt>Payment method</dt>
              <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>{order.isPaid ? `Paid on ${formatDate(order.paidAt, '')}` : 'Not Paid'}</dd>
            </div>
          </dl>
          <Link to="/shopping" className="button button--primary">
            Continue Shopping
          </Link>
        </section>
        <section className="panel" aria-labelledby="tracking-help">
          <h2 id="tracking-help">Questions about your delivery?</h2>
          <p className="muted">Our team can help with delivery times, addresses and returns.</p>
          <SupportContacts />
        </section>
      </div>
    </section>
  );
}
