import type uPlot from 'uplot';

/** The theme's colours as the chart's canvas needs them (CSS variables, with the dark theme's values as fallback). */
export function chartColours(element: Element) {
  const css = (name: string, fallback: string) =>
    getComputedStyle(element).getPropertyValue(name).trim() || fallback;
  const muted = css('--color-text-muted', '#a4a7b0');
  const grid = css('--color-border', '#2b2f38');
  return {
    accent: css('--color-accent', '#d4ff3a'),
    second: css('--color-chart-second', '#5ec8ff'),
    axisBase: { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
  };
}

/** The right-hand axis of order counts, whole numbers only. */
export function ordersAxis(axisBase: uPlot.Axis): uPlot.Axis {
  return {
    ...axisBase,
    scale: 'orders',
    side: 1,
    label: 'Orders',
    grid: { show: false },
    incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
    values: (_u, splits) => splits.map((count) => String(count)),
  };
}

/**
 * Keeps the plot as wide as its container (at least 280 px), at the height `heightFor` gives a width.
 * Returns the effect's clean-up: it stops following and destroys the plot.
 */
export function followContainerWidth(
  plot: uPlot,
  container: Element,
  heightFor: (width: number) => number,
): () => void {
  if (typeof ResizeObserver === 'undefined') return () => plot.destroy();
  const observer = new ResizeObserver(([entry]) => {
    const next = Math.max(Math.floor(entry?.contentRect.width ?? 0), 280);
    if (next !== plot.width) plot.setSize({ width: next, height: heightFor(next) });
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    plot.destroy();
  };
}
