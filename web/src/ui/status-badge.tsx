import type { OrderStatus } from '@shop/contracts';
import './status-badge.css';

/** Statuses the order history colours (docs/rules/orders.md#history-badges); any other shows plain. */
const COLOURED: ReadonlySet<string> = new Set(['Paid', 'Dispatched', 'Delivered', 'Cancelled', 'Refused']);

// Glyphs from common text fonts, not emoji, so the badge renders the same without an emoji font.
const ICONS: Readonly<Record<string, string>> = {
  Pending: '●',
  Paid: '✓',
  Processing: '↻',
  Shipped: '→',
  Dispatched: '→',
  Delivered: '✓',
  Cancelled: '✕',
  Refused: '↩',
};

/**
 * The order's status as a coloured pill; `withIcon` adds the tracking page's icon. `look="admin"` is
 * the admin tables' outlined badge, styled with them by ui/admin/table.css so the shop's pages do not
 * load the admin's styles.
 */
export function OrderStatusBadge({
  status,
  withIcon = false,
  look = 'shop',
}: {
  status: OrderStatus | string;
  withIcon?: boolean;
  look?: 'shop' | 'admin';
}) {
  if (look === 'admin')
    return <span className={`admin-status admin-status--${status.toLowerCase()}`}>{status}</span>;
  const tone = COLOURED.has(status) ? status.toLowerCase() : 'default';
  return (
    <span className={`status-badge status-badge--${tone}`}>
      {withIcon && <span aria-hidden="true">{ICONS[status] ?? '•'} </span>}
      {status}
    </span>
  );
}
