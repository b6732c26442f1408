import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthFooter } from '../features/auth/components/auth-footer';
import { LoginForm } from '../features/auth/components/login-form';
import { RedirectSearch } from '../lib/guards';
import '../ui/pages.css';

/** The remembered page, and `reset=done` when the user arrives from setting a new password. */
const LoginSearch = RedirectSearch.extend({ reset: z.literal('done').optional().catch(undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearch,
  component: LoginPage,
});

function LoginPage() {
  const { redirect, reset } = Route.useSearch();
  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 id="login-title">Sign in</h1>
        {reset === 'done' ? (
          <p className="form-success" role="status">
            Your password has been changed. Sign in with your new password.
          </p>
        ) : (
          <p className="muted">Welcome back. Sign in to check out, track orders and write reviews.</p>
        )}
        <LoginForm redirectTo={redirect} />
        <AuthFooter />
      </div>
    </section>
  );
}
