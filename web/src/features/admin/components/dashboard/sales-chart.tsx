import { type SalesPoint, shopConfig } from '@shop/contracts';
import { useEffect, useId, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '../../../../ui/money';
import { formatAmountTick, formatDay, formatDayTick, toSalesSeries } from './sales-series';

const CAPTION = `Sales (Last ${shopConfig.salesChartDays} Days)`;

function cssVar(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}

function chartHeight(width: number): number {
  return width < 640 ? 240 : 320;
}

/**
 * The dashboard's line chart: the day's sales amount (left axis, in the shop currency) and its order
 * count (right axis), with a legend that follows the cursor. It fills and follows its container's
 * width. The canvas is hidden from assistive technology; a visually hidden table carries the same data.
 */
export function SalesChart({ sales }: { sales: readonly SalesPoint[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const series = useMemo(() => toSalesSeries(sales), [sales]);
  const totalAmount = series.amounts.reduce((sum, amount) => sum + amount, 0);
  const totalOrders = series.orders.reduce((sum, count) => sum + count, 0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.days.length === 0) return;
    const muted = cssVar(container, '--color-text-muted', '#a4a7b0');
    const grid = cssVar(container, '--color-border', '#2b2f38');
    const accent = cssVar(container, '--color-accent', '#d4ff3a');
    const second = cssVar(container, '--color-chart-second', '#5ec8ff');
    const axisBase = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const width = Math.max(container.clientWidth, 280);

    const options: uPlot.Options = {
      width,
      height: chartHeight(width),
      // Days are UTC midnights; keep uPlot from shifting them into the viewer's time zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      scales: {
        x: { time: true },
        amount: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        orders: { range: (_u, _min, max) => [0, Math.max(max + 1, 2)] },
      },
      series: [
        { label: 'Day', value: (_u, ts) => (ts == null ? '—' : formatDay(ts)) },
        {
          label: 'Sales',
          scale: 'amount',
          stroke: accent,
          width: 2,
          fill: `${accent}22`,
          points: { show: true, size: 5 },
          value: (_u, amount) => (amount == null ? '—' : formatMoney(amount)),
        },
        {
          label: 'Orders',
          scale: 'orders',
          stroke: second,
          width: 2,
          dash: [6, 4],
          points: { show: true, size: 5 },
          value: (_u, count) => (count == null ? '—' : String(count)),
        },
      ],
      axes: [
        {
          ...axisBase,
          values: (_u, splits) => splits.map(formatDayTick),
        },
        {
          ...axisBase,
          scale: 'amount',
          label: `Sales (${shopConfig.currency})`,
          size: 64,
          values: (_u, splits) => splits.map(formatAmountTick),
        },
        {
          ...axisBase,
          scale: 'orders',
          side: 1,
          label: 'Orders',
          grid: { show: false },
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
          values: (_u, splits) => splits.map((count) => String(count)),
        },
      ],
    };

    const plot = new uPlot(options, [series.days, series.amounts, series.orders], container);

    if (typeof ResizeObserver === 'undefined') return () => plot.destroy();
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.max(Math.floor(entry?.contentRect.width ?? 0), 280);
      if (next !== plot.width) plot.setSize({ width: next, height: chartHeight(next) });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series]);

  return (
    <figure className="admin-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="admin-chart__caption">
        <span className="admin-chart__title">{CAPTION}</span>
        <span className="muted">
          {formatMoney(totalAmount)} from {totalOrders} {totalOrders === 1 ? 'order' : 'orders'}
        </span>
      </figcaption>
      {series.days.length === 0 ? (
        <p className="muted">No sales recorded yet.</p>
      ) : (
        <div ref={containerRef} className="admin-chart__canvas" aria-hidden="true" />
      )}
      <table className="visually-hidden">
        <caption>Daily sales and orders</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {series.days.map((day, index) => (
            <tr key={day}>
              <th scope="row">{formatDay(day)}</th>
              <td>{formatMoney(series.amounts[index] ?? 0)}</td>
              <td>{series.orders[index] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
