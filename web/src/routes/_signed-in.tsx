import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../lib/guards';

/**
 * The shopper's account pages (profile, orders, tracking, reviews, the affiliate request) sit under
 * this pathless layout, so its one guard sends a visitor with no user to /login, with the page they
 * asked for remembered, before any of them loads. Checkout has its own guard: it sends them to
 * /register instead.
 */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: requireSignedIn,
});
