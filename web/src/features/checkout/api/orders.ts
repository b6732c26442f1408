import type { AffiliateCodeCheck, CodAvailability, Order, OrderInput, Product } from '@shop/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/orders` with an `Idempotency-Key`: a retry with the same key answers the order the first
 * attempt placed, never a second one (docs/rules/orders.md#idempotent-placing).
 */
export const placeOrder = (input: OrderInput, idempotencyKey: string) =>
  api.post<Order>('/api/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } });

/**
 * The signed-in shopper's standing for cash on delivery, for their account and, once one is typed in
 * full, the phone the order goes to (a serial refuser is known by either). While another phone's
 * answer loads, the last one stays: a withdrawn cash on delivery does not flicker back.
 */
export const codStandingQuery = (phone: string) =>
  queryOptions({
    queryKey: ['cod-standing', phone] as const,
    queryFn: ({ signal }) =>
      api.get<CodAvailability>(
        `/api/orders/cod-standing${phone ? `?phone=${encodeURIComponent(phone)}` : ''}`,
        { signal },
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** The product as the catalogue has it now, to refresh the cart after a price or stock refusal. */
export const fetchProduct = (id: string) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`);

/**
 * `GET /api/affiliate/codes/{code}`: whether the signed-in shopper may use this code, asked before any
 * discount is shown. An unknown code is a 400 with the server's message.
 */
export function useAffiliateCodeCheck(code: string) {
  return useQuery({
    queryKey: ['affiliate-code-check', code] as const,
    queryFn: ({ signal }) =>
      api.get<AffiliateCodeCheck>(`/api/affiliate/codes/${encodeURIComponent(code)}`, { signal }),
    enabled: code !== '',
    retry: false,
    staleTime: 60_000,
  });
}
