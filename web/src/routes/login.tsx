import { createFileRoute } from '@tanstack/react-router';
import { AuthFooter } from '../features/auth/components/auth-footer';
import { LoginForm } from '../features/auth/components/login-form';
import { RedirectSearch } from '../lib/guards';
import '../ui/pages.css';

export const Route = createFileRoute('/login')({
  validateSearch: RedirectSearch,
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 id="login-title">Sign in</h1>
        <p className="muted">Welcome back. Sign in to check out, track orders and write reviews.</p>
        <LoginForm redirectTo={redirect} />
        <AuthFooter />
      </div>
    </section>
  );
}
