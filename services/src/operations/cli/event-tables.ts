import { eventSchemas, type RecordedEvent } from '@shop/contracts';
import type { z } from 'zod';

/**
 * The log as flat tables for analysts' own tools (DuckDB, pandas, a spreadsheet): one table per event
 * type, its columns derived from the event's zod schema so they are the same whatever the log holds.
 * Nested objects become `parent_child` columns; an array of objects becomes a child table
 * `<Type>_<field>`, one row per element, joined to its event by `position`; other values that do not fit
 * a column (arrays of strings, unions) are written as JSON text. Password hashes are left out.
 */

export type ColumnType = 'STRING' | 'INT64' | 'DOUBLE' | 'BOOLEAN' | 'TIMESTAMP' | 'JSON';

export interface Column {
  name: string;
  type: ColumnType;
}

/** A row: one value per column, in column order; null where the event has no value. */
export type Row = unknown[];

export interface EventTable {
  name: string;
  columns: readonly Column[];
  /** The rows this table gets from one event of its type. */
  rowsOf(event: RecordedEvent): Row[];
}

/** Every event's own columns, first in each event type's table. */
const eventColumns: readonly Column[] = [
  { name: 'position', type: 'INT64' },
  { name: 'eventId', type: 'STRING' },
  { name: 'stream', type: 'STRING' },
  { name: 'revision', type: 'INT64' },
  { name: 'storedAt', type: 'TIMESTAMP' },
  { name: 'actor', type: 'STRING' },
  { name: 'schemaVersion', type: 'INT64' },
];
const eventValues = (event: RecordedEvent): Row => [
  event.position,
  event.id,
  event.streamName,
  event.revision,
  event.timestamp,
  event.metadata.actor,
  event.metadata.schemaVersion,
];

/** Child tables start with the event they belong to and the element's place in its array. */
const childColumns: readonly Column[] = [
  { name: 'position', type: 'INT64' },
  { name: 'eventId', type: 'STRING' },
  { name: 'item', type: 'INT64' },
];

/** A field read from an event's data: where it sits (its path) and how it is written. */
interface Field extends Column {
  path: readonly string[];
}

type Schema = z.core.$ZodType;

/** Fields no analyst needs and nobody should copy around: left out of every table. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['passwordHash']);

function unwrapped(schema: Schema): Schema {
  const def = schema._zod.def as { type: string; innerType?: Schema };
  return def.innerType &&
    ['optional', 'nullable', 'default', 'readonly', 'catch', 'prefault'].includes(def.type)
    ? unwrapped(def.innerType)
    : schema;
}

function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const def = unwrapped(schema)._zod.def as { type: string; shape?: Record<string, Schema> };
  return def.type === 'object' ? def.shape : undefined;
}

function elementObjectOf(schema: Schema): Record<string, Schema> | undefined {
  const def = unwrapped(schema)._zod.def as { type: string; element?: Schema };
  return def.type === 'array' && def.element ? shapeOf(def.element) : undefined;
}

function scalarType(schema: Schema): ColumnType {
  const inner = unwrapped(schema);
  const def = inner._zod.def as { type: string };
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 'STRING';
    case 'boolean':
      return 'BOOLEAN';
    case 'number':
      return 'format' in inner && typeof inner.format === 'string' && inner.format.includes('int')
        ? 'INT64'
        : 'DOUBLE';
    default:
      return 'JSON';
  }
}

/** The flat fields of an object schema; arrays of objects are left to child tables. */
function fieldsOf(shape: Record<string, Schema>, prefix: readonly string[] = []): Field[] {
  return Object.entries(shape).flatMap(([key, schema]): Field[] => {
    const path = [...prefix, key];
    if (SECRET_FIELDS.has(key) || elementObjectOf(schema)) return [];
    const nested = shapeOf(schema);
    if (nested) return fieldsOf(nested, path);
    return [{ name: path.join('_'), path, type: scalarType(schema) }];
  });
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value ?? null;
}

/** A value as its column holds it: JSON columns get text, others a value of their type or null. */
function cell(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'JSON') return JSON.stringify(value);
  if (type === 'STRING') return typeof value === 'string' ? value : JSON.stringify(value);
  if (type === 'BOOLEAN') return typeof value === 'boolean' ? value : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function dataValues(fields: readonly Field[], data: unknown): Row {
  return fields.map((field) => cell(valueAt(data, field.path), field.type));
}

function tablesOfSchema(type: string, schema: Schema): EventTable[] {
  const shape = shapeOf(schema) ?? {};
  const fields = fieldsOf(shape);
  const main: EventTable = {
    name: type,
    columns: [...eventColumns, ...fields],
    rowsOf: (event) => [[...eventValues(event), ...dataValues(fields, event.data)]],
  };
  const children = Object.entries(shape).flatMap(([key, field]): EventTable[] => {
    const element = elementObjectOf(field);
    if (!element) return [];
    const elementFields = fieldsOf(element);
    return [
      {
        name: `${type}_${key}`,
        columns: [...childColumns, ...elementFields],
        rowsOf: (event) => {
          const items = valueAt(event.data, [key]);
          if (!Array.isArray(items)) return [];
          return items.map((item, index) => [
            event.position,
            event.id,
            index,
            ...dataValues(elementFields, item),
          ]);
        },
      },
    ];
  });
  return [main, ...children];
}

/** For an event type the shop does not know (only in tests and old logs): its data as JSON text. */
function tablesOfUnknown(type: string): EventTable[] {
  return [
    {
      name: type,
      columns: [...eventColumns, { name: 'data', type: 'JSON' }],
      rowsOf: (event) => [[...eventValues(event), cell(event.data, 'JSON')]],
    },
  ];
}

/** The tables of one event type: its own, then one per array of objects in its data. */
export function tablesOf(type: string): EventTable[] {
  const schema = (eventSchemas as Record<string, Schema>)[type];
  return schema ? tablesOfSchema(type, schema) : tablesOfUnknown(type);
}

/** A table name that is safe as a file name (event type names are already, unknown ones may not be). */
export function fileNameOf(table: string): string {
  return table.replace(/[^A-Za-z0-9_-]/g, '_');
}
