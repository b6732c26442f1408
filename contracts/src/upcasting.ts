/**
 * Upcasters turn an old version of an event's data into the current one when it is read; stored
 * events are never rewritten. Register one function per (event type, from-version).
 */
export type Upcaster = (data: unknown) => unknown;

export type UpcasterRegistry = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

/** Current schema version of each event type; types not listed are at version 1. */
export type SchemaVersions = Readonly<Record<string, number>>;

export function upcastData(
  registry: UpcasterRegistry,
  type: string,
  fromVersion: number,
  toVersion: number,
  data: unknown,
): unknown {
  let current = data;
  for (let version = fromVersion; version < toVersion; version++) {
    const step = registry[type]?.[version];
    if (!step) throw new Error(`No upcaster for ${type} from schema version ${version}`);
    current = step(current);
  }
  return current;
}
