import { Link } from '@tanstack/react-router';

/** The links under the sign-in and registration forms (spec: terms, privacy and contact). */
export function AuthFooter() {
  return (
    <nav aria-label="Legal" className="auth-card__footer">
      <Link to="/terms">Terms</Link>
      <Link to="/privacy">Privacy</Link>
      <Link to="/contact">Contact</Link>
    </nav>
  );
}
