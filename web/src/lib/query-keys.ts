/**
 * Query keys of what several features cache: one hierarchical factory per entity, so the shopper's
 * screens and the admin's name the same data the same way and an invalidation reaches every screen
 * that shows it. A key only one feature uses stays in that feature's `api/`.
 */

/** The catalogue: the whole list, the filtered pages and each product. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  /** The filters and page sizes are part of the key, so a change starts again from the first page. */
  catalogue: <Filters, Pages>(filters: Filters, pages: Pages) =>
    [...productKeys.all, 'catalogue', filters, pages] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** Orders: the admin's pages (see features/admin-orders/api/orders.ts), the signed-in user's, and each order with its tracking below it. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  mine: () => [...orderKeys.lists(), 'mine'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  tracking: (id: string) => [...orderKeys.detail(id), 'tracking'] as const,
  /** The order's returns, for its shopper and for the admin's overlay. */
  returns: (id: string) => [...orderKeys.detail(id), 'returns'] as const,
};

/** Reviews: every review with its author (admin) and a product's public reviews. */
export const reviewKeys = {
  all: ['reviews'] as const,
  forProduct: (productId: string) => [...reviewKeys.all, 'product', productId] as const,
  /** The signed-in shopper's reviewable lines and reviews (all products, or one). */
  mine: (productId?: string) => [...reviewKeys.all, 'mine', productId ?? 'all'] as const,
};

/** Affiliate requests (admin) and the signed-in user's own affiliate standing. */
export const affiliateKeys = {
  all: ['affiliate'] as const,
  requests: () => [...affiliateKeys.all, 'requests'] as const,
  mine: () => [...affiliateKeys.all, 'me'] as const,
};

/** What only the admin screens cache: the dashboard's metrics and messages, the customers, the reports. */
export const adminKeys = {
  all: ['admin'] as const,
  metrics: () => [...adminKeys.all, 'metrics'] as const,
  customers: () => [...adminKeys.all, 'users'] as const,
  messages: () => [...adminKeys.all, 'messages'] as const,
};
