import { Link } from '@tanstack/react-router';

/** Shown for any address no route matches, inside the normal page frame. */
export function NotFound() {
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <div className="not-found__actions">
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
