import type { AffiliateRequest } from '@shop/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { affiliateKeys } from '../../../lib/query-keys';

/** `GET /api/affiliate`: every affiliate request, for the admin. */
export const affiliateRequestsQuery = () =>
  queryOptions({
    queryKey: affiliateKeys.requests(),
    queryFn: ({ signal }) => api.get<AffiliateRequest[]>('/api/affiliate', { signal }),
  });

export type AffiliateDecision = 'approve' | 'reject';

/** `PUT /api/affiliate/{id}/approve|reject`; the answered request replaces the row. */
export function useDecideAffiliateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AffiliateDecision }) =>
      api.put<AffiliateRequest>(`/api/affiliate/${encodeURIComponent(id)}/${decision}`),
    onSuccess: (updated) => {
      queryClient.setQueryData<AffiliateRequest[]>(affiliateKeys.requests(), (requests) =>
        requests?.map((request) => (request.id === updated.id ? { ...request, ...updated } : request)),
      );
    },
  });
}
