/**
 * Every call only an administrator may make, kept next to the attack tests: a test checks that
 * this list covers every route registered under /api/admin and the other admin-only calls.
 */
export const ADMIN_ROUTES: readonly { method: string; path: string }[] = [
  { method: 'GET', path: '/api/admin/users' },
  { method: 'GET', path: '/api/admin/reviews' },
  { method: 'GET', path: '/api/admin/metrics' },
  { method: 'PUT', path: '/api/admin/orders/:id/status' },
  { method: 'POST', path: '/api/admin/orders/:id/notes' },
  { method: 'POST', path: '/api/admin/orders/:id/confirm' },
  { method: 'POST', path: '/api/admin/customers/:id/cod-limit/lift' },
  { method: 'GET', path: '/api/admin/returns' },
  { method: 'PUT', path: '/api/admin/returns/:id/status' },
  { method: 'GET', path: '/api/orders' },
  { method: 'GET', path: '/api/affiliate' },
  { method: 'PUT', path: '/api/affiliate/:id/approve' },
  { method: 'PUT', path: '/api/affiliate/:id/reject' },
  { method: 'POST', path: '/api/products' },
  { method: 'PUT', path: '/api/products/:id' },
  { method: 'DELETE', path: '/api/products/:id' },
  { method: 'POST', path: '/api/upload' },
  { method: 'DELETE', path: '/api/reviews/:id' },
  { method: 'GET', path: '/api/admin/lists/orders' },
  { method: 'GET', path: '/api/admin/lists/orders.csv' },
  { method: 'GET', path: '/api/admin/lists/customers' },
  { method: 'GET', path: '/api/admin/lists/reviews' },
  { method: 'GET', path: '/api/admin/lists/affiliate-requests' },
  { method: 'GET', path: '/api/admin/lists/products' },
  { method: 'GET', path: '/api/admin/projections' },
  { method: 'POST', path: '/api/admin/projections/rebuild' },
  { method: 'GET', path: '/api/admin/reports/sales' },
  { method: 'GET', path: '/api/admin/messages' },
  { method: 'GET', path: '/api/admin/payment-proofs' },
  { method: 'POST', path: '/api/admin/payment-proofs/:id/accept' },
  { method: 'POST', path: '/api/admin/payment-proofs/:id/reject' },
  { method: 'GET', path: '/api/admin/payment-notices' },
  { method: 'GET', path: '/api/admin/couriers' },
  { method: 'GET', path: '/api/admin/couriers/:courier/cities' },
  { method: 'POST', path: '/api/admin/orders/:id/shipment' },
  { method: 'GET', path: '/api/admin/orders/:id/shipment' },
  { method: 'DELETE', path: '/api/admin/orders/:id/shipment' },
  { method: 'POST', path: '/api/admin/shipments' },
];

/** The concrete address to call for a route pattern. */
export const concretePath = (path: string) => path.replace(':id', 'some-id').replace(':courier', 'postex');
