import { ADMIN_STATUS_CHOICES, type AdminMetrics, type CodMetrics, ORDER_STATUSES } from '@shop/contracts';

const count = (value: number) => value.toLocaleString('en-PK');

/** A rate of 0..1 as a whole percentage; a dash when there was nothing to count. */
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

function Counter({ name, label, value }: { name: string; label: string; value: number | string }) {
  return (
    <div className={`admin-counter admin-counter--${name}`}>
      <dt className="admin-counter__label">{label}</dt>
      <dd className="admin-counter__value">{typeof value === 'number' ? count(value) : value}</dd>
    </div>
  );
}

/**
 * The dashboard's order counters: the total, then every order under its current status (they add up
 * to the total), then the work waiting: orders to ship and transfers awaiting payment. The statuses
 * are the ones the status control offers; one only the API reaches (Processing, Shipped) shows when
 * some order holds it, so the counters still add up.
 */
export function OrderCounters({ metrics }: { metrics: AdminMetrics }) {
  const shown = ORDER_STATUSES.filter(
    (status) => ADMIN_STATUS_CHOICES.includes(status) || metrics.byStatus[status] > 0,
  );
  return (
    <>
      <dl className="admin-counters">
        <Counter name="total" label="Total Orders" value={metrics.total} />
        {shown.map((status) => (
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

/**
 * Cash on delivery: parcels refused at the door, and over the last 30 days the share of COD orders
 * confirmed (of those whose confirmation is settled) and of COD parcels refused (of those dispatched).
 */
export function CodCounters({ cod }: { cod: CodMetrics }) {
  return (
    <dl className="admin-counters admin-counters--work">
      <Counter name="refused" label="Refused parcels" value={cod.refused} />
      <Counter name="confirmation-rate" label="Confirmed (30 days)" value={percent(cod.confirmationRate)} />
      <Counter name="refusal-rate" label="Refused (30 days)" value={percent(cod.refusalRate)} />
    </dl>
  );
}

/**
 * Configured payment accounts or support details that still hold placeholders
 * (docs/rules/shop-configuration.md#placeholders).
 */
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
