import { createFileRoute, Link } from '@tanstack/react-router';
import { SupportContacts } from '../ui/support-contacts';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

/** Honest until reset by e-mail exists: the way back in is our support team. */
function ForgotPasswordPage() {
  return (
    <section className="auth-page container">
      <div className="auth-card prose">
        <h1>Forgot your password?</h1>
        <p>
          We cannot send password reset e-mails yet. Our support team can help you get back into your account
          instead.
        </p>
        <h2>How to regain access</h2>
        <ol>
          <li>Contact support by phone or e-mail using the details below.</li>
          <li>
            Write from, or tell us, the e-mail address you registered with, and the phone number on your
            account so we can confirm it is yours.
          </li>
          <li>Once confirmed, we set a temporary password for you; change it from your profile.</li>
        </ol>
        <p className="muted">We will never ask for your current password or your payment details.</p>
        <SupportContacts />
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
