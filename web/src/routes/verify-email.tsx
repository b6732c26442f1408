import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page';

/** `?token=` from the e-mailed link; anything else is an incomplete link. */
const VerifySearch = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/verify-email')({
  validateSearch: VerifySearch,
  component: function VerifyEmailRoute() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});
