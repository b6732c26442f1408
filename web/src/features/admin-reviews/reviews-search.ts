import { z } from 'zod';
import { cursor, text } from '../../lib/list-search';

/** The reviews list's product filter and page, in the URL (see lib/list-search.ts). */
export const ReviewsSearch = z.object({ productId: text, cursor });
export type ReviewsSearch = z.infer<typeof ReviewsSearch>;
