import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ProductTable } from '../../features/admin-catalogue/components/product-table';
import { SavedProductNotice } from '../../features/admin-catalogue/components/saved-product-notice';
import { adminMetricsQuery } from '../../features/admin-reports/api/dashboard';
import { CodCounters, ConfigWarnings, OrderCounters } from '../../features/admin-reports/components/counters';
import { MessagesPanel } from '../../features/admin-reports/components/messages-panel';
import { SalesChart } from '../../features/admin-reports/components/sales-chart';
import { errorMessage } from '../../lib/api';
import { productListQuery } from '../../lib/product-list';
import { AdminPage } from '../../ui/admin/admin-page';
import { ErrorPanel, LoadingState } from '../../ui/admin/states';
import '../../features/admin-reports/components/dashboard.css';

/**
 * `/admin`: counters, the e-mail panel, the 30-day sales chart, shortcuts to every admin screen and the
 * product table.
 * It waits for both calls; if either fails it says so and offers Retry instead of loading forever.
 * Composed beside its route because it shows two features, the reports' figures and the catalogue's
 * products, and features do not import each other.
 */
export function Dashboard() {
  const metrics = useQuery(adminMetricsQuery());
  const products = useQuery(productListQuery());
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
