import type { AdminPaymentProof, ProofState } from '@shop/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';

/** Proofs of transfers as the admin lists them, by state. */
const proofKeys = {
  all: ['payment-proofs'] as const,
  list: (state: ProofState | undefined) => [...proofKeys.all, state ?? 'all'] as const,
};

/** `GET /api/admin/payment-proofs?state=`: newest first, each beside its order's amount. */
export const adminProofsQuery = (state: ProofState | undefined) =>
  queryOptions({
    queryKey: proofKeys.list(state),
    queryFn: ({ signal }) =>
      api.get<AdminPaymentProof[]>(`/api/admin/payment-proofs${state ? `?state=${state}` : ''}`, { signal }),
  });

/** Accept (the order is Paid) or reject a proof with the reason the shopper is told. */
export function useDecideProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined
        ? api.post<AdminPaymentProof>(`/api/admin/payment-proofs/${encodeURIComponent(id)}/accept`)
        : api.post<AdminPaymentProof>(`/api/admin/payment-proofs/${encodeURIComponent(id)}/reject`, {
            reason,
          }),
    onSuccess: (proof) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proofKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(proof.orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]),
  });
}
