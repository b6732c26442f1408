import { formatMoney, type Product, type PublicReview, shopConfig, VERIFIED_BUYER } from '@shop/contracts';
import { type PageHead, type SharePreview, summary } from './head-tags';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, PreviewImages } from './preview-images';

/** What every page's head is made from besides its own content. */
export interface Site {
  /** The shop's public address, without a trailing slash: PUBLIC_URL, or the request's origin. */
  base: string;
  /** From the built index.html's <title> and meta description. */
  name: string;
  description: string;
}

/** The shop's own preview card (services/assets/share/shop-preview.jpg), for pages that are not one product. */
export const SHOP_PREVIEW_PATH = '/previews/shop.jpg';

const jpegPreview = { type: 'image/jpeg', width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT };

function shopPreview(site: Site, fields: Pick<SharePreview, 'title' | 'description' | 'url'>): SharePreview {
  return {
    type: 'website',
    ...fields,
    image: { url: `${site.base}${SHOP_PREVIEW_PATH}`, alt: site.name, ...jpegPreview },
  };
}

/** The home page: the shop's name, tagline and card. */
export function homePage(site: Site): PageHead {
  const url = `${site.base}/`;
  return {
    title: site.name,
    description: site.description,
    canonical: url,
    siteName: site.name,
    preview: shopPreview(site, { title: site.name, description: site.description, url }),
  };
}

/** The shopping page; every filter and search answers the same head, with the canonical page without them. */
export function shoppingPage(site: Site): PageHead {
  const url = `${site.base}/shopping`;
  const title = `Premium Collection | ${site.name}`;
  return {
    title,
    description: site.description,
    canonical: url,
    siteName: site.name,
    preview: shopPreview(site, { title, description: site.description, url }),
  };
}

/**
 * An affiliate's tracking link (`/?ref=CODE`): a card that names the discount the code gives. The
 * card links to the tracking link itself, so whoever taps it still carries the code; search engines
 * are pointed to the home page.
 */
export function affiliatePage(site: Site, code: string): PageHead {
  const discount = `${Math.round(shopConfig.affiliateDiscountRate * 100)}%`;
  const title = `Get ${discount} off at ${site.name}`;
  const description = `${site.description} Shop through this link and code ${code} takes ${discount} off your order at checkout.`;
  return {
    title: site.name,
    description: site.description,
    canonical: `${site.base}/`,
    siteName: site.name,
    preview: shopPreview(site, { title, description, url: `${site.base}/?ref=${encodeURIComponent(code)}` }),
  };
}

/**
 * A product page: its card (name, price, picture) and its schema.org Product with a PKR offer, its
 * rating from verified reviews and its newest verified reviews, each by a "Verified buyer".
 */
export function productPage(site: Site, product: Product, reviews: readonly PublicReview[] = []): PageHead {
  const url = `${site.base}/product/${encodeURIComponent(product.id)}`;
  const inStock = product.countInStock > 0;
  const price = formatMoney(product.price);
  const description = summary(`${price} · ${inStock ? 'In stock' : 'Out of stock'}. ${product.description}`);
  const picture = absolute(site, product.image);
  const previewPath = PreviewImages.pathFor(product.image);
  const image = previewPath
    ? { url: `${site.base}${previewPath}`, alt: product.name, ...jpegPreview }
    : { url: picture, alt: product.name };
  const amount = product.price.toFixed(2);
  return {
    title: `${product.name} | ${site.name}`,
    description,
    canonical: url,
    siteName: site.name,
    preview: {
      type: 'product',
      title: product.name,
      description,
      url,
      image,
      offer: { amount, currency: shopConfig.currency, inStock },
    },
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.id,
      category: product.category,
      url,
      image: [...new Set([image.url, picture])],
      offers: {
        '@type': 'Offer',
        url,
        price: amount,
        priceCurrency: shopConfig.currency,
        availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: site.name },
      },
      ...(product.numReviews > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating,
              reviewCount: product.numReviews,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...(reviews.length > 0
        ? {
            review: reviews.map((review) => ({
              '@type': 'Review',
              name: VERIFIED_BUYER,
              author: { '@type': 'Person', name: review.author },
              datePublished: review.createdAt,
              reviewBody: review.comment,
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
    },
  };
}

/** A page with nothing of its own to say (cart, sign-in, account and admin pages, not found). */
export function plainPage(site: Site, options: { noindex: boolean }): PageHead {
  return { title: site.name, description: site.description, siteName: site.name, noindex: options.noindex };
}

/** An image path of the shop (`/images/x.webp`) as an absolute URL; an absolute one as it is. */
function absolute(site: Site, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${site.base}${path.startsWith('/') ? '' : '/'}${path}`;
}
