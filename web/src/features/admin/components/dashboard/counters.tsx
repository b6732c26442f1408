import { type AdminMetrics, ORDER_STATUSES } from '@shop/contracts';

const count = (value: number) => value.toLocaleString('en-PK');

function Counter({ name, label, value }: { name: string; label: string; value: number }) {
  return (
    <div className={`admin-counter admin-counter--${name}`}>
      <dt className="admin-counter__label">{label}</dt>
      <dd className="admin-counter__value">{count(value)}</dd>
    </div>
  );
}

/**
 * The dashboard's order counters: the total, then every order under its current status (they add up
 * to the total), then the work waiting: orders to ship and transfers awaiting payment.
 */
export function OrderCounters({ metrics }: { metrics: AdminMetrics }) {
  return (
    <>
      <dl className="admin-counters">
        <Counter name="total" label="Total Orders" value={metrics.total} />
        {ORDER_STATUSES.map((status) => (
          <Counter key={status} name={status.toLowerCase()} label={status} value={metrics.byStatus[status]} />
        ))}
      </dl>
      <dl className="admin-counters admin-counters--work">
        <Counter name="to-ship" label="To ship" value={metrics.toShip} />
        <Counter name="awaiting-payment" label="Awaiting payment" value={metrics.awaitingPayment} />
      </dl>
    </>
  );
}

/** Configured payment accounts or support details that still hold placeholders (DECISIONS.md). */
export function ConfigWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className="admin-section admin-card admin-warnings" aria-labelledby="admin-warnings-title">
      <h2 id="admin-warnings-title">Shop details to fix</h2>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
