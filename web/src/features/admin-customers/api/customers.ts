import type { AdminCustomer, LiftRefusalLimitRequest } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPageQuery } from '../../../lib/admin-page-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import type { CustomersSearch } from '../customers-search';

export const customerPageKey = () => [...adminKeys.customers(), 'page'] as const;
/** One page of the customers list (`GET /api/admin/lists/customers`), keyed by its whole search. */
export const customersPageQuery = (search: CustomersSearch) =>
  adminPageQuery<AdminCustomer>(customerPageKey(), 'customers', search);

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
