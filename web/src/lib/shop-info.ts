import type { ShopInfo } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

/**
 * The shop's shipping rule, payment accounts, support contacts and claims, as the server is configured
 * (`GET /api/shop`). They change only when the server restarts, so one answer serves the whole visit.
 */
export const shopInfoQuery = queryOptions({
  queryKey: ['shop'] as const,
  queryFn: ({ signal }) => apiFetch<ShopInfo>('/api/shop', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The shop's details, or undefined until they have arrived: a screen shows nothing it cannot vouch for. */
export function useShopInfo(): ShopInfo | undefined {
  return useQuery(shopInfoQuery).data;
}
