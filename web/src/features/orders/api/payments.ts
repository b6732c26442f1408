import type { OrderPayments, PaymentForm, PaymentProofView } from '@shop/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';

/** `GET /api/orders/{id}/payments`: what can be paid now, the JazzCash attempts and the proofs sent. */
export const orderPaymentsQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...orderKeys.detail(orderId), 'payments'] as const,
    queryFn: ({ signal }) =>
      api.get<OrderPayments>(`/api/orders/${encodeURIComponent(orderId)}/payments`, { signal }),
  });

/**
 * Posts the signed form to JazzCash from the browser, as its hosted checkout requires: a real form
 * submission, so the shopper leaves for JazzCash's page and comes back through the shop's return.
 */
export function postToJazzCash(form: PaymentForm): void {
  const element = document.createElement('form');
  element.method = 'post';
  element.action = form.actionUrl;
  element.hidden = true;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/** `POST /api/orders/{id}/pay`, then off to JazzCash with the signed form. */
export function usePayWithJazzCash(orderId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<PaymentForm>(`/api/orders/${encodeURIComponent(orderId)}/pay`, { method: 'jazzcash' }),
    onSuccess: postToJazzCash,
  });
}

/** `POST /api/orders/{id}/payment-proof`: the transaction ID and the screenshot, as multipart. */
export function useSendPaymentProof(orderId: string, shownAs: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: { transactionId: string; image: File }) => {
      const body = new FormData();
      body.set('transactionId', proof.transactionId);
      body.set('image', proof.image);
      return api.post<PaymentProofView>(`/api/orders/${encodeURIComponent(orderId)}/payment-proof`, body);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderPaymentsQuery(orderId).queryKey }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(shownAs) }),
      ]),
  });
}
