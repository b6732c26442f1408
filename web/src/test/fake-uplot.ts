/**
 * Stands in for uPlot, which draws on a canvas that happy-dom does not have:
 * `vi.mock('uplot', () => import('../test/fake-uplot'))`. The chart's table still holds the data.
 */
export default class FakeUPlot {
  static tzDate = (date: Date) => date;
  // No path builders: a chart falls back to lines.
  static paths = {};
  width = 0;
  destroy() {}
  setSize() {}
}
