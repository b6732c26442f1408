import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { adminMetricsQuery } from '../../api/dashboard';
import { adminProductsQuery } from '../../api/products';
import { AdminPage } from '../ui/admin-page';
import { errorMessage } from '../ui/format';
import { ErrorPanel, LoadingState } from '../ui/states';
import { CodCounters, ConfigWarnings, OrderCounters } from './counters';
import { MessagesPanel } from './messages-panel';
import { ProductTable } from './product-table';
import { SalesChart } from './sales-chart';
import { SavedProductNotice } from './saved-product-notice';
import './dashboard.css';

/**
 * `/admin`: counters, the e-mail panel, the 30-day sales chart, shortcuts to every admin screen and the
 * product table.
 * It waits for both calls; if either fails it says so and offers Retry instead of loading forever.
 */
export function Dashboard() {
  const metrics = useQuery(adminMetricsQuery());
  const products = useQuery(adminProductsQuery());
  const failed = [metrics, products].find((query) => query.isError);

  return (
    <AdminPage
      title="Admin Dashboard"
      backToDashboard={false}
      actions={
        <Link to="/admin/create" className="button button--primary">
          + Create Product
        </Link>
      }
    >
      <SavedProductNotice />
      <nav aria-label="Admin" className="admin-shortcuts">
        <Link to="/admin/affiliates" className="button button--ghost">
          Affiliate Requests
        </Link>
        <Link to="/admin/customers" className="button button--ghost">
          Manage Customers
        </Link>
        <Link to="/admin/orders" className="button button--ghost">
          Manage Orders
        </Link>
        <Link to="/admin/payments" className="button button--ghost">
          Payments to Check
        </Link>
        <Link to="/admin/returns" className="button button--ghost">
          Returns
        </Link>
        <Link to="/admin/reviews" className="button button--ghost">
          View Reviews
        </Link>
        <Link to="/admin/reports" className="button button--ghost">
          Sales Reports
        </Link>
      </nav>
      {failed ? (
        <ErrorPanel
          title="The dashboard could not be loaded"
          message={errorMessage(failed.error)}
          retrying={metrics.isFetching || products.isFetching}
          onRetry={() => {
            if (metrics.isError) void metrics.refetch();
            if (products.isError) void products.refetch();
          }}
        />
      ) : !metrics.data || !products.data ? (
        <LoadingState label="Loading dashboard…" />
      ) : (
        <>
          <ConfigWarnings warnings={metrics.data.configWarnings} />
          <section aria-labelledby="admin-orders-title" className="admin-section">
            <h2 id="admin-orders-title" className="visually-hidden">
              Orders
            </h2>
            <OrderCounters metrics={metrics.data} />
          </section>
          {metrics.data.cod && (
            <section aria-labelledby="admin-cod-title" className="admin-section">
              <h2 id="admin-cod-title">Cash on delivery</h2>
              <CodCounters cod={metrics.data.cod} />
            </section>
          )}
          <section aria-labelledby="admin-messages-title" className="admin-section">
            <h2 id="admin-messages-title">Messages</h2>
            <MessagesPanel />
          </section>
          <section className="admin-section admin-card">
            <SalesChart sales={metrics.data.sales} />
          </section>
          <section aria-labelledby="admin-products-title" className="admin-section">
            <h2 id="admin-products-title">Products</h2>
            <ProductTable products={products.data} />
          </section>
        </>
      )}
    </AdminPage>
  );
}
