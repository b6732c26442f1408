import type { BrowserContext } from 'playwright-core';

/** What the auth routes answer: the user's fields plus a bearer token. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  contact: string;
  isAdmin: boolean;
  token: string;
}

export interface ApiProduct {
  id: string;
  name: string;
  price: number;
  sizes: string[];
  countInStock: number;
  /** Units per size; `{}` for a product without sizes. */
  stockBySize: Record<string, number>;
  category: string;
  image: string;
}

export interface ApiOrder {
  id: string;
  /** The short reference people read (`AX-7K3M9Q`). */
  reference: string;
  status: string;
  totalPrice: number;
}

/** A thin JSON client for the shop's API, used to set the scene that the browser then checks. */
export class ShopApi {
  constructor(private readonly baseUrl: string) {}

  /** Sends a JSON call and returns the status and parsed body, whatever the status. */
  async call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body };
  }

  /** Like `call`, but fails unless the answer is 2xx. */
  async ok<T>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const { status, body } = await this.call(method, path, options);
    if (status < 200 || status > 299) {
      throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
    }
    return body as T;
  }

  register(name: string, email: string, contact: string, password = 'shopper-pass-1'): Promise<SignedInUser> {
    return this.ok('POST', '/api/auth/register', { body: { name, email, contact, password } });
  }

  login(email: string, password: string): Promise<SignedInUser> {
    return this.ok('POST', '/api/auth/login', { body: { email, password } });
  }

  products(): Promise<ApiProduct[]> {
    return this.ok('GET', '/api/products');
  }

  /**
   * Places an order (cash on delivery unless told) for `qty` of one product, priced as the server prices it: the
   * shop's configured shipping rule from GET /api/shop; no affiliate code, so no discount. The line
   * takes `size`, else the first size with `qty` units in stock.
   */
  async placeCodOrder(
    user: SignedInUser,
    product: ApiProduct,
    qty = 1,
    size?: string,
    paymentMethod: 'COD' | 'Card' = 'COD',
  ): Promise<ApiOrder> {
    const lineSize =
      size ??
      product.sizes.find((candidate) => (product.stockBySize[candidate] ?? 0) >= qty) ??
      product.sizes[0] ??
      '';
    const shop = await this.ok<{ freeShippingOver: number; shippingFee: number }>('GET', '/api/shop');
    const itemsCents = Math.round(product.price * 100) * qty;
    const shippingCents =
      itemsCents > Math.round(shop.freeShippingOver * 100) ? 0 : Math.round(shop.shippingFee * 100);
    return this.ok('POST', '/api/orders', {
      token: user.token,
      headers: { 'idempotency-key': `e2e-${user.id}-${product.id}-${lineSize}-${qty}-${paymentMethod}` },
      body: {
        orderItems: [{ product: product.id, qty, price: product.price, size: lineSize }],
        shippingAddress: {
          fullName: user.name,
          address: '12 Mall Road',
          city: 'Lahore',
          postalCode: '54000',
          country: 'Pakistan',
          phone: user.contact,
        },
        paymentMethod,
        itemsPrice: itemsCents / 100,
        shippingPrice: shippingCents / 100,
        totalPrice: (itemsCents + shippingCents) / 100,
      },
    });
  }

  /** An admin's status change (PUT /api/admin/orders/{id}/status). */
  setStatus(admin: SignedInUser, orderId: string, status: string): Promise<ApiOrder> {
    return this.ok('PUT', `/api/admin/orders/${orderId}/status`, { token: admin.token, body: { status } });
  }

  /** The admin moves an order on to Delivered, through Dispatched. */
  async deliver(admin: SignedInUser, orderId: string): Promise<ApiOrder> {
    await this.setStatus(admin, orderId, 'Dispatched');
    return this.setStatus(admin, orderId, 'Delivered');
  }

  /** A review by a buyer of a delivered line of the product (only buyers review). */
  postReview(user: SignedInUser, productId: string, comment: string, rating = 4): Promise<unknown> {
    return this.ok('POST', '/api/reviews', { token: user.token, body: { productId, rating, comment } });
  }

  requestAffiliate(user: SignedInUser): Promise<{ id: string; status: string }> {
    return this.ok('POST', '/api/affiliate', { token: user.token });
  }
}

/**
 * Signs the browser in as signing in would: the session cookie the server sets (httpOnly; the test
 * shops listen on 127.0.0.1, and a cookie is the host's on every port) and, before any page script
 * runs, who is signed in for the screens. The page itself never holds the token.
 */
export async function storeSession(context: BrowserContext, user: SignedInUser): Promise<void> {
  const { token, ...fields } = user;
  await context.addCookies([
    { name: 'shop_session', value: token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);
  const session = JSON.stringify({ user: fields });
  await context.addInitScript({
    content: `localStorage.setItem('shop.session', ${JSON.stringify(session)});`,
  });
}
