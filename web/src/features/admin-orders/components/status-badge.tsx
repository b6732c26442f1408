import type { OrderStatus } from '@shop/contracts';
import '../../../ui/admin/table.css';

/** An order status as a coloured badge; the colour only repeats what the text says. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-status admin-status--${status.toLowerCase()}`}>{status}</span>;
}
