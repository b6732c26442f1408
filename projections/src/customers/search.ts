import { prefixEnd } from '../db/paging';
import { queryBuilder } from '../db/prepared-query';

/**
 * The ids of the customers who match every prefix (see search-terms.ts): per prefix, a range of the
 * `customer_search_terms` key, intersected. A subquery for `user_id in (...)` or `id in (...)`.
 */
export function customersMatching(prefixes: readonly string[]) {
  const [first, ...rest] = prefixes.map((prefix) =>
    queryBuilder
      .selectFrom('customer_search_terms')
      .select('user_id')
      .where('term', '>=', prefix)
      .where('term', '<', prefixEnd(prefix)),
  );
  if (!first) throw new Error('A customer search needs at least one prefix');
  return rest.reduce((matching, next) => matching.intersect(next), first);
}
