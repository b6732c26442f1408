import { type SalesFigures, shopConfig } from '@shop/contracts';
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '../../../ui/money';
import { formatAmountTick } from './sales-series';
import { chartColours, followContainerWidth, ordersAxis } from './uplot-kit';

const chartHeight = (width: number) => (width < 640 ? 240 : 300);

/**
 * The report's chart: net sales per row as bars (left axis, in the shop currency) and orders as a
 * line (right axis), one slot per row in the table's order. The canvas is hidden from assistive
 * technology: the table below carries the same figures.
 */
export function ReportsChart({ title, rows }: { title: string; rows: readonly SalesFigures[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const captionId = useId();

  useEffect(() => {
    const container = containerRef.current;
    if (!container || rows.length === 0) return;
    const { accent, second, axisBase } = chartColours(container);
    const width = Math.max(container.clientWidth, 280);
    const labels = rows.map((row) => row.label);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });

    const plot = new uPlot(
      {
        width,
        height: chartHeight(width),
        cursor: { drag: { x: false, y: false } },
        legend: { live: true },
        scales: {
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          amount: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
          orders: { range: (_u, _min, max) => [0, Math.max(max + 1, 2)] },
        },
        series: [
          { label: 'Group', value: (_u, index) => (index == null ? '—' : (labels[index] ?? '—')) },
          {
            label: 'Net sales',
            scale: 'amount',
            stroke: accent,
            fill: `${accent}99`,
            width: 1,
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
            value: (_u, amount) => (amount == null ? '—' : formatMoney(amount)),
          },
          {
            label: 'Orders',
            scale: 'orders',
            stroke: second,
            width: 2,
            points: { show: true, size: 5 },
            value: (_u, count) => (count == null ? '—' : String(count)),
          },
        ],
        axes: [
          {
            ...axisBase,
            incrs: [1, 2, 5, 10, 20, 50, 100],
            values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
          },
          {
            ...axisBase,
            scale: 'amount',
            label: `Net sales (${shopConfig.currency})`,
            size: 64,
            values: (_u, splits) => splits.map(formatAmountTick),
          },
          ordersAxis(axisBase),
        ],
      },
      [rows.map((_, index) => index), rows.map((row) => row.net), rows.map((row) => row.orders)],
      container,
    );

    return followContainerWidth(plot, container, chartHeight);
  }, [rows]);

  return (
    <figure className="admin-chart" aria-labelledby={captionId} data-points={rows.length}>
      <figcaption id={captionId} className="admin-chart__caption">
        <span className="admin-chart__title">{title}</span>
      </figcaption>
      {rows.length === 0 ? (
        <p className="muted">No sales in this range.</p>
      ) : (
        <div ref={containerRef} className="admin-chart__canvas" aria-hidden="true" />
      )}
    </figure>
  );
}
