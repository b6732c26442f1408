import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify';
import { fileWriter, ParquetWriter } from 'hyparquet-writer';
import { neutralisedText } from '../../platform/http/streamed';
import type { Column, ColumnType, Row } from './event-tables';
import { fileNameOf } from './event-tables';

/** Writes one table's rows to its file, as they come; `close` finishes the file. */
export interface TableWriter {
  write(row: Row): Promise<void> | void;
  close(): Promise<void>;
}

export type TableFormat = 'csv' | 'parquet';

export function openTableWriter(
  format: TableFormat,
  dir: string,
  table: string,
  columns: readonly Column[],
): { file: string; writer: TableWriter } {
  const file = join(dir, `${fileNameOf(table)}.${format}`);
  return { file, writer: format === 'csv' ? csvWriter(file, columns) : parquetWriter(file, columns) };
}

function csvCell(value: unknown, type: ColumnType): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (type === 'TIMESTAMP') return new Date(value as number).toISOString();
  if (type === 'STRING' || type === 'JSON') return neutralisedText(String(value));
  return value as number | boolean;
}

function csvWriter(file: string, columns: readonly Column[]): TableWriter {
  const out = createWriteStream(file);
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.name),
    cast: { boolean: String },
  });
  csv.pipe(out);
  return {
    async write(row) {
      if (!csv.write(row.map((value, i) => csvCell(value, columns[i]!.type)))) await once(csv, 'drain');
    },
    async close() {
      csv.end();
      await once(out, 'close');
    },
  };
}

/** Rows kept before they are written as one row group: bounds memory on a log of millions of events. */
const ROW_GROUP = 50_000;

const parquetTypes: Record<
  ColumnType,
  {
    type: 'BYTE_ARRAY' | 'INT64' | 'DOUBLE' | 'BOOLEAN';
    converted_type?: 'UTF8' | 'JSON' | 'TIMESTAMP_MILLIS';
  }
> = {
  STRING: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  JSON: { type: 'BYTE_ARRAY', converted_type: 'JSON' },
  INT64: { type: 'INT64' },
  TIMESTAMP: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
  DOUBLE: { type: 'DOUBLE' },
  BOOLEAN: { type: 'BOOLEAN' },
};

function parquetCell(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'INT64') return BigInt(value as number);
  if (type === 'TIMESTAMP') return new Date(value as number);
  return value;
}

function parquetWriter(file: string, columns: readonly Column[]): TableWriter {
  const writer = new ParquetWriter({
    writer: fileWriter(file),
    schema: [
      { name: 'root', num_children: columns.length },
      ...columns.map((column) => ({
        name: column.name,
        repetition_type: 'OPTIONAL' as const,
        ...parquetTypes[column.type],
      })),
    ],
    createdBy: 'shop events export',
  });
  let pending: unknown[][] = columns.map(() => []);
  let rows = 0;
  const flush = () => {
    if (rows === 0) return;
    writer.write({
      columnData: columns.map((column, i) => ({ name: column.name, data: pending[i]! })),
      rowGroupSize: rows,
    });
    pending = columns.map(() => []);
    rows = 0;
  };
  return {
    write(row) {
      for (const [i, value] of row.entries()) pending[i]!.push(parquetCell(value, columns[i]!.type));
      rows += 1;
      if (rows >= ROW_GROUP) flush();
    },
    async close() {
      flush();
      await writer.finish();
    },
  };
}
