import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../lib/guards';

/**
 * The admin area's guard. Every `/admin/*` route sits under this one, so anyone whose user lacks
 * isAdmin is sent to /login, with the page they asked for remembered, before any admin code or data
 * is loaded. The server refuses them as well; this only spares them a screen of errors.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: requireAdmin,
});
