import {
  SALES_REPORT_GROUPING_LABELS,
  SALES_REPORT_GROUPINGS,
  type SalesFigures,
  type SalesReport,
  shareOfTotal,
} from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { AdminPage } from '../../../ui/admin/admin-page';
import { type Column, DataTable } from '../../../ui/admin/data-table';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { formatDateTime } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { downloadSalesCsv, salesReportQuery } from '../api/reports';
import { quickRanges, type ReportsSearch, shopToday } from '../reports-search';
import { ReportsChart } from './reports-chart';
import './dashboard.css';
import './reports.css';

export interface ReportsPageProps {
  search: ReportsSearch;
  onSearchChange: (next: ReportsSearch) => void;
}

/**
 * `/admin/reports`: sales over a range of Karachi days, grouped by one dimension, as a chart and a
 * table, compared with the period before; downloadable as CSV; optionally as the log stood at a moment.
 */
export function ReportsPage({ search, onSearchChange }: ReportsPageProps) {
  const report = useQuery({ ...salesReportQuery(search), placeholderData: keepPreviousData });
  const [downloadError, setDownloadError] = useState<string>();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadSalesCsv(search);
    } catch (error) {
      setDownloadError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AdminPage
      title="Sales Reports"
      subtitle="Karachi days; cancelled orders left out, refunds on the day they were paid."
      actions={
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void download()}
          disabled={downloading || !report.data}
        >
          {downloading ? 'Downloading…' : 'Download CSV'}
        </button>
      }
    >
      <ReportControls search={search} onSearchChange={onSearchChange} />
      {downloadError && (
        <p className="admin-reports__error" role="alert">
          {downloadError}
        </p>
      )}
      {report.isError ? (
        <ErrorPanel
          title="The report could not be loaded"
          message={errorMessage(report.error)}
          retrying={report.isFetching}
          onRetry={() => void report.refetch()}
        />
      ) : !report.data || (report.isPlaceholderData && search.asOf) ? (
        <LoadingState
          label={search.asOf ? `Replaying the log up to ${formatDateTime(search.asOf)}…` : 'Loading report…'}
        />
      ) : (
        <ReportView report={report.data} stale={report.isPlaceholderData} />
      )}
    </AdminPage>
  );
}

function ReportControls({ search, onSearchChange }: ReportsPageProps) {
  const today = shopToday();
  const [asOf, setAsOf] = useState(search.asOf ? toLocalInput(search.asOf) : '');
  const applyAsOf = (event: FormEvent) => {
    event.preventDefault();
    const { asOf: _, ...rest } = search;
    onSearchChange(asOf ? { ...rest, asOf: new Date(asOf).toISOString() } : rest);
  };
  return (
    <section className="admin-section admin-reports__controls" aria-label="Report settings">
      <fieldset className="admin-reports__quick">
        <legend className="visually-hidden">Quick ranges</legend>
        {quickRanges(today).map((range) => (
          <button
            key={range.label}
            type="button"
            className="button button--ghost admin-button--small"
            aria-pressed={range.from === search.from && range.to === search.to}
            onClick={() => onSearchChange({ ...search, from: range.from, to: range.to })}
          >
            {range.label}
          </button>
        ))}
      </fieldset>
      <div className="admin-reports__fields">
        <div className="admin-field">
          <label htmlFor="report-from">From</label>
          <input
            id="report-from"
            type="date"
            value={search.from}
            max={search.to}
            onChange={(event) =>
              event.target.value && onSearchChange({ ...search, from: event.target.value })
            }
          />
        </div>
        <div className="admin-field">
          <label htmlFor="report-to">To</label>
          <input
            id="report-to"
            type="date"
            value={search.to}
            min={search.from}
            onChange={(event) => event.target.value && onSearchChange({ ...search, to: event.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="report-by">Group by</label>
          <select
            id="report-by"
            value={search.by}
            onChange={(event) => onSearchChange({ ...search, by: event.target.value as ReportsSearch['by'] })}
          >
            {SALES_REPORT_GROUPINGS.map((by) => (
              <option key={by} value={by}>
                {SALES_REPORT_GROUPING_LABELS[by]}
              </option>
            ))}
          </select>
        </div>
        <form className="admin-field admin-reports__as-of" onSubmit={applyAsOf}>
          <label htmlFor="report-as-of">As of (empty: now)</label>
          <div className="admin-reports__as-of-row">
            <input
              id="report-as-of"
              type="datetime-local"
              value={asOf}
              onChange={(event) => setAsOf(event.target.value)}
            />
            <button type="submit" className="button button--ghost admin-button--small">
              Apply
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

/** `2024-05-01T10:00:00Z` as a datetime-local input's value in the viewer's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function ReportView({ report, stale }: { report: SalesReport; stale: boolean }) {
  const grouping = SALES_REPORT_GROUPING_LABELS[report.by];
  return (
    <div className="admin-reports__result" aria-busy={stale}>
      {report.asOf && (
        <p className="admin-reports__as-of-note" role="status">
          As the shop stood on {formatDateTime(report.asOf)}.
        </p>
      )}
      <Comparison total={report.total} previous={report.previous} />
      <section className="admin-section admin-card">
        <ReportsChart
          title={`Net sales by ${grouping.toLowerCase()}, ${report.from} to ${report.to}`}
          rows={report.rows}
        />
      </section>
      <section className="admin-section">
        <DataTable
          label={`Sales by ${grouping.toLowerCase()}`}
          caption={`Sales by ${grouping.toLowerCase()}, ${report.from} to ${report.to}`}
          className="admin-reports__table"
          columns={figureColumns(grouping, report.total)}
          rows={report.rows}
          footRows={[report.total]}
          rowKey={(row) => row.key}
        />
        <p className="admin-note" data-testid="reports-what-counts">
          <strong>Orders</strong>: orders placed in the period, cancelled ones and parcels refused at the door
          left out. <strong>Units</strong> and <strong>Gross sales</strong>: their items at the prices paid,
          before discounts; shipping is not a sale. <strong>Discounts</strong>: affiliate discounts on them.{' '}
          <strong>Refunds</strong>: money paid back for returns, on the day it was paid.{' '}
          <strong>Net sales</strong>: gross less discounts less refunds. <strong>Avg. order value</strong>:
          gross less discounts, per order. <strong>Share</strong>: of the period&rsquo;s net sales.
        </p>
      </section>
    </div>
  );
}

/** A report's columns: the period, its counts and amounts, and its share of the whole range's net sales. */
function figureColumns(grouping: string, total: SalesFigures): Column<SalesFigures>[] {
  return [
    { header: grouping, rowHeader: true, cell: (row) => row.label },
    { header: 'Orders', cell: (row) => row.orders },
    { header: 'Units', cell: (row) => row.units },
    { header: 'Gross sales', cell: (row) => formatMoney(row.gross) },
    { header: 'Discounts', cell: (row) => formatMoney(row.discounts) },
    { header: 'Refunds', cell: (row) => formatMoney(row.refunds) },
    { header: 'Net sales', cell: (row) => formatMoney(row.net) },
    { header: 'Avg. order value', cell: (row) => formatMoney(row.averageOrderValue) },
    { header: 'Share', cell: (row) => `${shareOfTotal(row, total).toFixed(1)}%` },
  ];
}

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const percent = ((now - before) / Math.abs(before)) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** This period against the one of the same length before it. */
function Comparison({ total, previous }: { total: SalesFigures; previous: SalesFigures }) {
  const figures = [
    {
      label: 'Net sales',
      now: formatMoney(total.net),
      before: formatMoney(previous.net),
      change: change(total.net, previous.net),
    },
    {
      label: 'Orders',
      now: String(total.orders),
      before: String(previous.orders),
      change: change(total.orders, previous.orders),
    },
    {
      label: 'Average order value',
      now: formatMoney(total.averageOrderValue),
      before: formatMoney(previous.averageOrderValue),
      change: change(total.averageOrderValue, previous.averageOrderValue),
    },
  ];
  return (
    <section className="admin-section admin-reports__comparison" aria-label="Against the previous period">
      {figures.map((figure) => (
        <div key={figure.label} className="admin-card admin-reports__figure">
          <p className="muted">{figure.label}</p>
          <div className="admin-reports__figure-value">{figure.now}</div>
          <p className="muted">
            Previous period: {figure.before} ({figure.change})
          </p>
        </div>
      ))}
    </section>
  );
}
