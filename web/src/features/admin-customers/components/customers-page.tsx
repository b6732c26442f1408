import type { AdminCustomer, CustomerSort, SortDirection } from '@shop/contracts';
import { shopConfig } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ListFilters, ListPager, ListSearch, ListSelect } from '../../../ui/admin/list-controls';
import { PhoneLinks } from '../../../ui/admin/phone-links';
import { ShortId } from '../../../ui/admin/short-id';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { formatDate } from '../../../ui/dates';
import { EmptyState } from '../../../ui/empty-state';
import { formatMoney } from '../../../ui/money';
import { customersPageQuery } from '../api/customers';
import type { CustomersSearch } from '../customers-search';
import { CodStandingCell } from './cod-standing';

/** The sorts the server offers, as one choice each: `orders-desc` is most orders first. */
const SORTS = [
  ['joined-desc', 'Newest customers'],
  ['joined-asc', 'Oldest customers'],
  ['orders-desc', 'Most orders'],
  ['orders-asc', 'Fewest orders'],
  ['spent-desc', 'Most spent'],
  ['spent-asc', 'Least spent'],
] as const satisfies readonly (readonly [`${CustomerSort}-${SortDirection}`, string])[];
type SortChoice = (typeof SORTS)[number][0];

export interface CustomersPageProps {
  search: CustomersSearch;
  onSearchChange: (next: CustomersSearch) => void;
}

/**
 * `/admin/customers`: a page of customers at a time with their orders, spending and affiliate
 * standing, searched by name, e-mail or phone (any format) and sorted by the server.
 */
export function CustomersPage({ search, onSearchChange }: CustomersPageProps) {
  const customers = useQuery(customersPageQuery(search));
  const refine = (change: Partial<CustomersSearch>) =>
    onSearchChange({ ...search, ...change, cursor: undefined });
  const sort: SortChoice = `${search.sort ?? 'joined'}-${search.direction ?? 'desc'}`;

  return (
    <AdminPage title="Customers" subtitle="Everyone who has registered with the shop">
      <ListFilters>
        <ListSearch
          label="Search customers"
          placeholder="Name, e-mail or phone"
          value={search.search}
          onSearch={(text) => refine({ search: text })}
        />
        <ListSelect
          label="Sort"
          value={sort}
          options={SORTS}
          onChange={(choice) => {
            const [by, direction] = (choice ?? 'joined-desc').split('-') as [CustomerSort, SortDirection];
            refine({
              sort: by === 'joined' ? undefined : by,
              direction: direction === 'desc' ? undefined : direction,
            });
          }}
        />
      </ListFilters>
      {customers.isPending ? (
        <LoadingState label="Loading customers..." />
      ) : customers.isError && !customers.data ? (
        <ErrorPanel
          title="Error Loading Customers"
          message={errorMessage(customers.error)}
          retryLabel="Try Again"
          retrying={customers.isFetching}
          onRetry={() => void customers.refetch()}
        />
      ) : customers.data.total === 0 ? (
        search.search ? (
          <EmptyState announced title="No customers found" text="Try a different search term" />
        ) : (
          <EmptyState announced title="No customers registered yet" />
        )
      ) : (
        <>
          <div aria-busy={customers.isPlaceholderData}>
            <CustomersTable customers={customers.data.items} />
          </div>
          <ListPager
            page={customers.data}
            noun="customer"
            loading={customers.isPlaceholderData}
            onCursor={(cursor) => onSearchChange({ ...search, cursor })}
          />
          <aside className="admin-note">
            <p>
              <strong>Admin</strong> customers have full access to this dashboard.
            </p>
            <p>
              <strong>Orders</strong> counts the orders placed, cancelled ones left out.{' '}
              <strong>Spent</strong> is what the customer paid and kept: paid orders (a cash-on-delivery
              parcel once delivered), cancelled and refused ones left out, refunds taken off.{' '}
              <strong>Affiliate</strong> shows the customer's affiliate request and how many times their
              referral code was used.
            </p>
            <p>
              <strong>Cash on delivery</strong> counts the parcels refused at the door on the customer's
              account or phone; past the shop's limit checkout offers them only the wallet or bank transfer,
              until you offer COD again.
            </p>
          </aside>
        </>
      )}
    </AdminPage>
  );
}

function AffiliateStanding({ customer }: { customer: AdminCustomer }) {
  const affiliate = customer.affiliate;
  if (!affiliate) return <span className="muted">None</span>;
  if (affiliate.status !== 'Approved') return <>{affiliate.status}</>;
  const uses = affiliate.useCount;
  return (
    <>
      Approved{affiliate.code ? ` · ${affiliate.code}` : ''}
      <div className="muted admin-table__sub">
        {uses === 0 ? 'Not used yet' : `Used ${uses} ${uses === 1 ? 'time' : 'times'}`}
      </div>
    </>
  );
}

const CUSTOMER_COLUMNS: readonly Column<AdminCustomer>[] = [
  { header: 'ID', className: 'admin-table__id', cell: (customer) => <ShortId id={customer.id} /> },
  { header: 'Name', rowHeader: true, className: 'admin-table__name', cell: (customer) => customer.name },
  { header: 'Email', cell: (customer) => <a href={`mailto:${customer.email}`}>{customer.email}</a> },
  {
    header: 'Contact',
    cell: (customer) =>
      customer.contact ? (
        <PhoneLinks phone={customer.contact} />
      ) : (
        <span className="muted">Not provided</span>
      ),
  },
  {
    header: 'Admin',
    cell: (customer) => (
      <span className={`admin-yes-no admin-yes-no--${customer.isAdmin ? 'yes' : 'no'}`}>
        {customer.isAdmin ? 'Yes' : 'No'}
      </span>
    ),
  },
  { header: 'Orders', className: 'admin-table__number', cell: (customer) => customer.orderCount },
  {
    header: `Spent (${shopConfig.currency})`,
    className: 'admin-table__number',
    cell: (customer) => formatMoney(customer.totalSpent),
  },
  { header: 'Affiliate', cell: (customer) => <AffiliateStanding customer={customer} /> },
  { header: 'Cash on delivery', cell: (customer) => <CodStandingCell customer={customer} /> },
  {
    header: 'Joined',
    cell: (customer) => <time dateTime={customer.createdAt}>{formatDate(customer.createdAt)}</time>,
  },
];

function CustomersTable({ customers }: { customers: readonly AdminCustomer[] }) {
  return (
    <DataTable
      label="Customers table"
      caption="Customers"
      columns={CUSTOMER_COLUMNS}
      rows={customers}
      rowKey={(customer) => customer.id}
    />
  );
}
