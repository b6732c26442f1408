import type { Order, OrderInput, Product } from '@shop/contracts';
import { api } from '../../../lib/api';

/**
 * `POST /api/orders` with an `Idempotency-Key`: a retry with the same key answers the order the first
 * attempt placed, never a second one (DECISIONS.md).
 */
export const placeOrder = (input: OrderInput, idempotencyKey: string) =>
  api.post<Order>('/api/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } });

/** The product as the catalogue has it now, to refresh the cart after a price or stock refusal. */
export const fetchProduct = (id: string) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`);
