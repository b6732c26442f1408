import { createFileRoute, Link } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { SupportContacts } from '../ui/support-contacts';
import '../ui/pages.css';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

/** Asks for a reset link by e-mail; support stays the way back in when no e-mail arrives. */
function ForgotPasswordPage() {
  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 id="forgot-title">Forgot your password?</h1>
        <p className="muted">
          Enter the e-mail address you registered with and we will send you a link to choose a new password.
        </p>
        <ForgotPasswordForm />
        <h2>No e-mail?</h2>
        <p className="muted">
          Check your spam folder, or contact our support team: we will never ask for your password or your
          payment details.
        </p>
        <SupportContacts />
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
