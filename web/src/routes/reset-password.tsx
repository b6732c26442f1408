import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import '../ui/pages.css';

/** `?token=` from the e-mailed link; anything else is an incomplete link. */
const ResetSearch = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/reset-password')({
  validateSearch: ResetSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 id="reset-title">Choose a new password</h1>
        {token ? (
          <>
            <p className="muted">Your other sessions end once the new password is set.</p>
            <ResetPasswordForm token={token} />
          </>
        ) : (
          <p className="form-error" role="alert">
            This reset link is incomplete. Open the link from the e-mail again, or{' '}
            <Link to="/forgot-password">ask for a new one</Link>.
          </p>
        )}
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
