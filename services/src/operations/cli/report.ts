import { EVENT_SCHEMA_VERSIONS, fromMinor } from '@shop/contracts';
import { loadConfig } from '../../platform/config/config';
import { upcasters } from '../../platform/events/upcasters';
import { upcastingStore } from '../../platform/events/upcasting-store';
import { openEventStore } from '../../platform/eventstore/open-event-store';
import { neutralisedText } from '../../platform/http/streamed';
import { SALES_GROUPINGS, type SalesGrouping, SalesLedger, type SalesReport } from '../reports/sales-report';
import { type CommandIo, formatTable, parseOptions, progressBar, UsageError } from './io';
import { parseDay, readLog } from './log';

// `npm run report -- sales --from DATE --to DATE --by GROUPING [--format table|csv]`: sales by replaying
// the whole log (never the read models). `amount` is the dashboard's figure (orders' totals, shared over
// a grouping by line value); units, gross, discounts, refunds and net are the sales report's
// (GET /api/admin/reports/sales), which this command checks. Refunds are taken off on the day they are
// made, in every grouping (by category, through the refunded lines' categories). Money in the shop's
// currency.

export const REPORT_USAGE = `Usage: npm run report -- sales --from YYYY-MM-DD --to YYYY-MM-DD --by ${SALES_GROUPINGS.join('|')} [--format table|csv]`;

export async function salesReport(
  io: CommandIo,
  args: { from: string; to: string; by: SalesGrouping },
): Promise<SalesReport> {
  const store = upcastingStore(openEventStore(loadConfig(io.env)), EVENT_SCHEMA_VERSIONS, upcasters);
  const ledger = new SalesLedger();
  const bar = progressBar(io, 'Replaying');
  try {
    const head = await store.headPosition();
    for await (const event of readLog(store)) {
      ledger.add(event);
      bar.update(event.position, head);
    }
    bar.done();
  } finally {
    await store.close();
  }
  return ledger.report(args);
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const COLUMNS = ['orders', 'amount', 'units', 'gross', 'discounts', 'refunds', 'net'] as const;

const money = (minor: number) => fromMinor(minor).toFixed(2);

function cellsOf(row: SalesReport['total']): string[] {
  return [
    String(row.orders),
    money(row.amount),
    String(row.units),
    money(row.gross),
    money(row.discounts),
    money(row.refunds),
    money(row.net),
  ];
}

/**
 * The rows as CSV, or as a table ending in the total line. The total counts each order once, also
 * by category, where an order with lines in two categories is in both rows.
 */
export function formatSales(report: SalesReport, by: SalesGrouping, format: 'table' | 'csv'): string {
  const heading = [by, ...COLUMNS];
  if (format === 'csv') {
    // A city is what a shopper typed: a spreadsheet must not run it.
    const cells = report.rows.map((row) => [neutralisedText(row.group), ...cellsOf(row)]);
    return `${[heading, ...cells].map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
  }
  const cells = report.rows.map((row) => [row.group, ...cellsOf(row)]);
  return `${formatTable(heading, [...cells, ['total', ...cellsOf(report.total)]])}\n`;
}

export async function reportCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const [report, ...rest] = args;
  if (report !== 'sales') throw new UsageError(REPORT_USAGE);
  const { values, positional } = parseOptions(rest, { values: ['from', 'to', 'by', 'format'] });
  const from = parseDay('from', values.get('from'));
  const to = parseDay('to', values.get('to'));
  const by = values.get('by') as SalesGrouping | undefined;
  const format = values.get('format') ?? 'table';
  if (positional.length > 0 || !from || !to || !by || !SALES_GROUPINGS.includes(by)) {
    throw new UsageError(REPORT_USAGE);
  }
  if (format !== 'table' && format !== 'csv')
    throw new UsageError(`--format must be table or csv.\n${REPORT_USAGE}`);
  if (from > to) throw new UsageError('--from must not be after --to');
  io.out.write(formatSales(await salesReport(io, { from, to, by }), by, format));
  return 0;
}
