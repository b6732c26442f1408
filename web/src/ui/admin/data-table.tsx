import type { ComponentProps, ReactNode } from 'react';
import { TableScroll } from './table-scroll';
import './table.css';

/** One column of a {@link DataTable}: its heading and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell names its row (`<th scope="row">`), so screen readers announce it with each cell. */
  rowHeader?: boolean;
  className?: string;
}

export type RowProps = ComponentProps<'tr'> & { [data: `data-${string}`]: string };

export interface DataTableProps<Row> {
  /** The scroll region's name. */
  label: string;
  /** Read to screen readers only. */
  caption?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Attributes of a row: its label, a data attribute, a click that opens it. */
  rowProps?: (row: Row) => RowProps;
  /** A class beside `admin-table`. */
  className?: string;
  /** The rows shown are the previous page's while the next one loads. */
  busy?: boolean;
  /** Rows under the body, in the same columns (a report's totals). */
  footRows?: readonly Row[];
}

/** The admin's table: the rows of a list, one column per definition, in a region that scrolls sideways. */
export function DataTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  className,
  busy,
  footRows,
}: DataTableProps<Row>) {
  const renderRow = (row: Row) => (
    <tr key={rowKey(row)} {...rowProps?.(row)}>
      {columns.map((column, index) =>
        column.rowHeader ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life.
          <th key={index} scope="row" className={column.className}>
            {column.cell(row)}
          </th>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life.
          <td key={index} className={column.className}>
            {column.cell(row)}
          </td>
        ),
      )}
    </tr>
  );
  return (
    <TableScroll label={label}>
      <table className={className ? `admin-table ${className}` : 'admin-table'} aria-busy={busy}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life.
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(renderRow)}</tbody>
        {footRows && <tfoot>{footRows.map(renderRow)}</tfoot>}
      </table>
    </TableScroll>
  );
}
