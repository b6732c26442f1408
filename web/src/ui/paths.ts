/**
 * Screens of the spec's route table that have no route file yet. Link checks a literal `to` against
 * the generated route tree but accepts a widened string, so links to these compile today. When a
 * route lands, switch its callers to the literal (and `params`) to get full checking back.
 */
export const plannedPaths: Readonly<
  Record<
    | 'shopping'
    | 'blog'
    | 'cart'
    | 'login'
    | 'profile'
    | 'review'
    | 'track'
    | 'admin'
    | 'affiliateRequest'
    | 'contact'
    | 'terms'
    | 'privacy',
    string
  >
> = {
  shopping: '/shopping',
  blog: '/blog',
  cart: '/cart',
  login: '/login',
  profile: '/profile',
  review: '/review',
  track: '/track',
  admin: '/admin',
  affiliateRequest: '/affiliate/request',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
};

/** `/product/{id}`, until the product route exists and `params` can be checked. */
export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;
