import { AFFILIATE_STATUSES, CUSTOMER_SORTS, SORT_DIRECTIONS } from '@shop/contracts';
import { z } from 'zod';
import { cursor, text } from '../../lib/list-search';

/** The customers list's search, sort and page, in the URL (see lib/list-search.ts). */
export const CustomersSearch = z.object({
  search: text,
  sort: z.enum(CUSTOMER_SORTS).exclude(['joined']).optional().catch(undefined),
  direction: z.enum(SORT_DIRECTIONS).exclude(['desc']).optional().catch(undefined),
  cursor,
});
export type CustomersSearch = z.infer<typeof CustomersSearch>;

/** The affiliate requests' status filter and page, in the URL. */
export const AffiliatesSearch = z.object({
  status: z.enum(AFFILIATE_STATUSES).optional().catch(undefined),
  cursor,
});
export type AffiliatesSearch = z.infer<typeof AffiliatesSearch>;
