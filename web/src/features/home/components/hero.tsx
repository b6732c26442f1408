import { Link } from '@tanstack/react-router';

/** The home page's opening statement and its call to action. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <p className="eyebrow">New season collection</p>
        <h1 id="hero-title" className="hero__title">
          Built for the work. <span className="accent">Made to be seen.</span>
        </h1>
        <p className="hero__lead">
          Premium training wear that moves with you, from the first rep to the last mile.
        </p>
        <div className="hero__actions">
          <Link to={'/shopping'} className="button button--primary button--large">
            Shop Now
          </Link>
          <Link to={'/blog'} className="button button--ghost button--large">
            Read the journal
          </Link>
        </div>
      </div>
    </section>
  );
}
