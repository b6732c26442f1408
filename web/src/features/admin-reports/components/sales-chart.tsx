import { type SalesPoint, shopConfig } from '@shop/contracts';
import { useEffect, useId, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '../../../ui/money';
import { formatAmountTick, formatDay, formatDayTick, toSalesSeries } from './sales-series';
import { chartColours, followContainerWidth, ordersAxis } from './uplot-kit';

const CAPTION = `Sales (Last ${shopConfig.salesChartDays} Days)`;

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
    const { accent, second, axisBase } = chartColours(container);
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
        ordersAxis(axisBase),
      ],
    };

    const plot = new uPlot(options, [series.days, series.amounts, series.orders], container);

    return followContainerWidth(plot, container, chartHeight);
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
