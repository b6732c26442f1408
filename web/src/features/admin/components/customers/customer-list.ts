import type { User } from '@shop/contracts';

export type CustomerSortKey =
  | 'id'
  | 'name'
  | 'email'
  | 'contact'
  | 'isAdmin'
  | 'affiliateUseCount'
  | 'createdAt'
  | 'updatedAt';

export type SortDirection = 'ascending' | 'descending';

export interface CustomerSort {
  key: CustomerSortKey;
  direction: SortDirection;
}

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * Customers whose name, e-mail or contact contains the search, ignoring case. A search with digits
 * also matches contacts written with other separators: `03001234567` finds `0300-1234567`.
 */
export function searchCustomers(customers: readonly User[], search: string): User[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...customers];
  const needleDigits = digits(needle);
  const byDigits = needleDigits.length >= 3 && needleDigits.length === needle.replace(/[\s()+-]/g, '').length;
  return customers.filter(
    (customer) =>
      customer.name.toLowerCase().includes(needle) ||
      customer.email.toLowerCase().includes(needle) ||
      customer.contact.toLowerCase().includes(needle) ||
      (byDigits && digits(customer.contact).includes(needleDigits)),
  );
}

const text = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
};

const COMPARE: Readonly<Record<CustomerSortKey, (a: User, b: User) => number>> = {
  id: (a, b) => text.compare(a.id, b.id),
  name: (a, b) => text.compare(a.name, b.name),
  email: (a, b) => text.compare(a.email, b.email),
  contact: (a, b) => text.compare(a.contact, b.contact),
  isAdmin: (a, b) => Number(a.isAdmin) - Number(b.isAdmin),
  affiliateUseCount: (a, b) => a.affiliateUseCount - b.affiliateUseCount,
  // Dates compare as moments, never as the text of the timestamp.
  createdAt: (a, b) => time(a.createdAt) - time(b.createdAt),
  updatedAt: (a, b) => time(a.updatedAt) - time(b.updatedAt),
};

/** A sorted copy; ties keep their original order. */
export function sortCustomers(customers: readonly User[], sort: CustomerSort | null): User[] {
  if (!sort) return [...customers];
  const compare = COMPARE[sort.key];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...customers].sort((a, b) => sign * compare(a, b));
}

/** A header click: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: CustomerSort | null, key: CustomerSortKey): CustomerSort {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
