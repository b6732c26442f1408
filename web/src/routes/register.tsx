import { createFileRoute } from '@tanstack/react-router';
import { AuthFooter } from '../features/auth/components/auth-footer';
import { RegisterDetailsForm } from '../features/auth/components/register-form';
import { RedirectSearch } from '../lib/guards';
import '../ui/pages.css';

export const Route = createFileRoute('/register')({
  validateSearch: RedirectSearch,
  component: RegisterPage,
});

function RegisterPage() {
  const { redirect } = Route.useSearch();
  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 id="register-title">Your Details</h1>
        <p className="muted">Create your account to check out, track orders and write reviews.</p>
        <RegisterDetailsForm redirectTo={redirect} />
        <AuthFooter />
      </div>
    </section>
  );
}
