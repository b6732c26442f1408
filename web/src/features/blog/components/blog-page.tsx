import { Link } from '@tanstack/react-router';
import { ARTICLES, POPULAR_POSTS, STRIP_WORDS } from '../articles';
import './blog.css';

/** The static landing and journal page (spec: no server calls; images drawn with gradients). */
export function BlogPage() {
  return (
    <div className="blog">
      <section className="blog-hero container" aria-labelledby="blog-title">
        <div className="blog-hero__text">
          <p className="eyebrow">The journal</p>
          <h1 id="blog-title">Elevate Your Game with Premium Sportswear</h1>
          <p className="muted">Training advice, kit guides and stories from athletes who wear it hardest.</p>
          <Link to="/shopping" className="button button--primary button--large">
            Shop Collection
          </Link>
        </div>
        <div className="blog-collage" aria-hidden="true">
          <div className="blog-collage__tile blog-collage__tile--a" />
          <div className="blog-collage__tile blog-collage__tile--b" />
          <div className="blog-collage__tile blog-collage__tile--c" />
          <div className="blog-collage__tile blog-collage__tile--d" />
        </div>
      </section>

      <div className="blog-strip" aria-hidden="true">
        <div className="blog-strip__track">
          {[0, 1].map((copy) => (
            <span key={copy} className="blog-strip__words">
              {STRIP_WORDS.map((word) => (
                <span key={word}>{word}</span>
              ))}
            </span>
          ))}
        </div>
      </div>

      <section className="container section" aria-labelledby="blog-articles-title">
        <h2 id="blog-articles-title">Latest articles</h2>
        <ul className="article-grid">
          {ARTICLES.map((article) => (
            <li key={article.id}>
              <article className="article-card" aria-labelledby={`article-${article.id}`}>
                <div className={`article-card__art article-card__art--${article.tone}`} aria-hidden="true" />
                <div className="article-card__body">
                  <p className="eyebrow">{article.tag}</p>
                  <h3 id={`article-${article.id}`}>{article.title}</h3>
                  <p className="muted">{article.excerpt}</p>
                  <p className="article-card__meta">{article.readMinutes} min read</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="blog-popular-title">
        <h2 id="blog-popular-title">Popular Blog Posts</h2>
        <ol className="popular-posts">
          {POPULAR_POSTS.map((post) => (
            <li key={post.id} className="popular-post">
              <h3>{post.title}</h3>
              <p className="muted">{post.summary}</p>
              <a href={`#read-${post.id}`} className="popular-post__link">
                Continue Reading<span className="visually-hidden">: {post.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </section>

      <div className="container blog-reading">
        {POPULAR_POSTS.map((post) => (
          <article
            key={post.id}
            id={`read-${post.id}`}
            className="blog-post"
            aria-labelledby={`post-${post.id}`}
          >
            <h2 id={`post-${post.id}`}>{post.title}</h2>
            {post.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </article>
        ))}
      </div>
    </div>
  );
}
