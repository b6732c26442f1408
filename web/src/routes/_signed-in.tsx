import { createFileRoute } from '@tanstack/react-router';
import { requireShopper } from '../lib/guards';

/**
 * The shopper's signed-in pages (checkout, profile, orders, tracking, reviews, the affiliate request)
 * sit under this pathless layout, so its one guard runs before any of them loads: a visitor with no
 * user goes to /register from checkout (a first purchase is the common case there) and to /login from
 * the others, with the page they asked for remembered.
 */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: requireShopper,
});
