import type { User } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { customersQuery } from '../../api/dashboard';
import { AdminPage } from '../ui/admin-page';
import { errorMessage, formatDate } from '../ui/format';
import { ShortId } from '../ui/short-id';
import { EmptyState, ErrorPanel, LoadingState } from '../ui/states';
import { TableScroll } from '../ui/table-scroll';
import {
  type CustomerSort,
  type CustomerSortKey,
  nextSort,
  searchCustomers,
  sortCustomers,
} from './customer-list';
import './customers.css';

const COLUMNS: readonly { key: CustomerSortKey; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'contact', label: 'Contact' },
  { key: 'isAdmin', label: 'Admin' },
  { key: 'affiliateUseCount', label: 'Affiliate' },
  { key: 'createdAt', label: 'Created' },
  { key: 'updatedAt', label: 'Last Update' },
];

/** `/admin/customers`: every customer, searchable by name, e-mail or contact, sortable by any column. */
export function CustomersPage() {
  const customers = useQuery(customersQuery());
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CustomerSort | null>(null);
  const searchId = useId();
  const countId = useId();

  const all = customers.data;
  const shown = useMemo(
    () => (all ? sortCustomers(searchCustomers(all, search), sort) : []),
    [all, search, sort],
  );

  return (
    <AdminPage title="Customers" subtitle="Everyone who has registered with the shop">
      {customers.isPending ? (
        <LoadingState label="Loading customers..." />
      ) : customers.isError ? (
        <ErrorPanel
          title="Error Loading Customers"
          message={errorMessage(customers.error)}
          retryLabel="Try Again"
          retrying={customers.isFetching}
          onRetry={() => void customers.refetch()}
        />
      ) : (
        <>
          <div className="admin-toolbar">
            <label htmlFor={searchId} className="visually-hidden">
              Search customers
            </label>
            <input
              id={searchId}
              type="search"
              className="admin-search"
              placeholder="Search customers by name, email or contact..."
              value={search}
              aria-describedby={countId}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <p id={countId} className="muted admin-toolbar__count" role="status">
              Showing {shown.length} of {customers.data.length} customers
            </p>
          </div>
          {customers.data.length === 0 ? (
            <EmptyState title="No customers registered yet" />
          ) : shown.length === 0 ? (
            <EmptyState title="No customers found" hint="Try a different search term" />
          ) : (
            <CustomersTable customers={shown} sort={sort} onSort={(key) => setSort(nextSort(sort, key))} />
          )}
          <aside className="admin-note">
            <p>
              <strong>Admin</strong> customers have full access to this dashboard.
            </p>
            <p>
              <strong>Affiliate</strong> shows how many times the customer's referral code was used.
            </p>
          </aside>
        </>
      )}
    </AdminPage>
  );
}

interface CustomersTableProps {
  customers: readonly User[];
  sort: CustomerSort | null;
  onSort: (key: CustomerSortKey) => void;
}

function CustomersTable({ customers, sort, onSort }: CustomersTableProps) {
  return (
    <TableScroll label="Customers table">
      <table className="admin-table">
        <caption className="visually-hidden">
          Customers
          {sort ? `, sorted by ${COLUMNS.find((c) => c.key === sort.key)?.label} ${sort.direction}` : ''}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map(({ key, label }) => {
              const direction = sort?.key === key ? sort.direction : undefined;
              return (
                <th key={key} scope="col" aria-sort={direction}>
                  <button type="button" className="admin-sort" onClick={() => onSort(key)}>
                    {label}
                    <span className="admin-sort__icon" aria-hidden="true">
                      {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id}>
              <td className="admin-table__id">
                <ShortId id={customer.id} />
              </td>
              <th scope="row" className="admin-table__name">
                {customer.name}
              </th>
              <td>
                <a href={`mailto:${customer.email}`}>{customer.email}</a>
              </td>
              <td>{customer.contact || <span className="muted">Not provided</span>}</td>
              <td>
                <span className={`admin-yes-no admin-yes-no--${customer.isAdmin ? 'yes' : 'no'}`}>
                  {customer.isAdmin ? 'Yes' : 'No'}
                </span>
              </td>
              <td>
                {customer.affiliateUseCount > 0 ? (
                  `Used ${customer.affiliateUseCount} ${customer.affiliateUseCount === 1 ? 'time' : 'times'}`
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td>
                <time dateTime={customer.createdAt}>{formatDate(customer.createdAt)}</time>
              </td>
              <td>
                <time dateTime={customer.updatedAt}>{formatDate(customer.updatedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
