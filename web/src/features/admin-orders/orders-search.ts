import { CONFIRMATION_FILTERS, ORDER_SORTS, ORDER_STATUSES, PAYMENT_METHODS } from '@shop/contracts';
import { z } from 'zod';
import { cursor, day, flag, text } from '../../lib/list-search';

/** The orders list's filters, sort, search and page, in the URL (see lib/list-search.ts). */
export const OrdersSearch = z.object({
  search: text,
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  paymentMethod: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  paid: flag,
  delivered: flag,
  confirmation: z.enum(CONFIRMATION_FILTERS).optional().catch(undefined),
  from: day,
  to: day,
  sort: z.enum(ORDER_SORTS).exclude(['newest']).optional().catch(undefined),
  cursor,
});
export type OrdersSearch = z.infer<typeof OrdersSearch>;
