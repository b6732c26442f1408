import type { CataloguePage, CategoryCount, Product } from '@shop/contracts';
import { HttpResponse, http } from 'msw';

export interface CatalogueServer {
  /** Every `GET /api/catalogue` query string the app sent, as URLSearchParams, oldest first. */
  requests: URLSearchParams[];
  last(): URLSearchParams;
}

/**
 * A `GET /api/catalogue` handler over `products` that honours offset and limit (filtering is the
 * server's job; tests assert the parameters sent). Category counts default to counting `products`.
 */
export function catalogueHandler(
  products: readonly Product[],
  options: { categories?: CategoryCount[]; total?: number } = {},
) {
  const server: CatalogueServer = {
    requests: [],
    last() {
      const request = server.requests.at(-1);
      if (!request) throw new Error('no catalogue request was made');
      return request;
    },
  };
  const categories =
    options.categories ??
    [...new Set(products.map((product) => product.category))].map((category) => ({
      category,
      count: products.filter((product) => product.category === category).length,
    }));
  const handler = http.get('/api/catalogue', ({ request }) => {
    const params = new URL(request.url).searchParams;
    server.requests.push(params);
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 12);
    const page: CataloguePage = {
      products: products.slice(offset, offset + limit),
      total: options.total ?? products.length,
      categories,
    };
    return HttpResponse.json(page);
  });
  return { handler, server };
}
