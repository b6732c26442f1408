import type { AdminMetrics } from '@shop/contracts';

const COUNTERS: readonly { key: keyof Omit<AdminMetrics, 'sales'>; label: string }[] = [
  { key: 'total', label: 'Total Orders' },
  { key: 'pending', label: 'Pending' },
  { key: 'paid', label: 'Paid' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'cancelled', label: 'Cancelled' },
];

/** The five order counters of the dashboard. */
export function OrderCounters({ metrics }: { metrics: AdminMetrics }) {
  return (
    <dl className="admin-counters">
      {COUNTERS.map(({ key, label }) => (
        <div key={key} className={`admin-counter admin-counter--${key}`}>
          <dt className="admin-counter__label">{label}</dt>
          <dd className="admin-counter__value">{metrics[key].toLocaleString('en-PK')}</dd>
        </div>
      ))}
    </dl>
  );
}
