import type { AffiliateRequest, MyAffiliate, Order, ProfileUpdate, User } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { affiliateKeys, orderKeys } from '../../../lib/query-keys';

/** `GET /api/orders/myorders`: the signed-in user's orders. */
export const myOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.mine(),
    queryFn: ({ signal }) => api.get<Order[]>('/api/orders/myorders', { signal }),
  });

/** `GET /api/affiliate/me`: status, code, link, uses and commission of the signed-in user. */
export const myAffiliateQuery = () =>
  queryOptions({
    queryKey: affiliateKeys.mine(),
    queryFn: ({ signal }) => api.get<MyAffiliate>('/api/affiliate/me', { signal }),
  });

/** Answer of `PUT /api/users/profile`: the user as changed and a message (no new token: the app signs out). */
export interface ProfileUpdateAnswer extends User {
  message?: string;
}

export const updateProfile = (input: ProfileUpdate) =>
  api.put<ProfileUpdateAnswer>('/api/users/profile', input);

/** `POST /api/affiliate`: the new request, with the server's 'Request submitted! Status: ...'. */
export const requestAffiliate = () => api.post<AffiliateRequest & { message?: string }>('/api/affiliate');
