import type { LiftRefusalLimitRequest } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { adminKeys } from './dashboard';

/**
 * `POST /api/admin/customers/{id}/cod-limit/lift {reason}`: cash on delivery offered again to a
 * customer past the refusal limit. Their standing changes in every customers page.
 */
export function useLiftRefusalLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & z.input<typeof LiftRefusalLimitRequest>) =>
      api.post<unknown>(`/api/admin/customers/${encodeURIComponent(id)}/cod-limit/lift`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.customers() }),
  });
}
