import type { AffiliateRequest, Page } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPageQuery } from '../../../lib/admin-page-query';
import { api } from '../../../lib/api';
import { adminKeys, affiliateKeys } from '../../../lib/query-keys';
import type { AffiliatesSearch } from '../customers-search';

export const affiliatePageKey = () => [...affiliateKeys.requests(), 'page'] as const;
/** One page of the affiliate requests (`GET /api/admin/lists/affiliate-requests`), keyed by its search. */
export const affiliateRequestsPageQuery = (search: AffiliatesSearch) =>
  adminPageQuery<AffiliateRequest>(affiliatePageKey(), 'affiliate-requests', search);

export type AffiliateDecision = 'approve' | 'reject';

/**
 * `PUT /api/affiliate/{id}/approve|reject`; the answered request replaces the row in every page (a
 * status filter's pages are read again when next shown), and the customers' affiliate standing goes stale.
 */
export function useDecideAffiliateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AffiliateDecision }) =>
      api.put<AffiliateRequest>(`/api/affiliate/${encodeURIComponent(id)}/${decision}`),
    onSuccess: (updated) => {
      queryClient.setQueriesData<Page<AffiliateRequest>>({ queryKey: affiliatePageKey() }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((request) =>
                request.id === updated.id ? { ...request, ...updated } : request,
              ),
            }
          : page,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: affiliatePageKey(), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: adminKeys.customers() }),
      ]);
    },
  });
}
