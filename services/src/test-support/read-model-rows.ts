import { allProjectors, type ReadModelsDb } from '@shop/projections';

/**
 * Every projector's tables, each row as JSON in a sorted list: what a rebuild from the log must give
 * back exactly (the rebuild-equality tests compare it before and after).
 */
export function readModelRows(readModels: ReadModelsDb): Record<string, string[]> {
  return Object.fromEntries(
    allProjectors
      .flatMap((projector) => projector.tables)
      .map((table) => [
        table,
        readModels.sqlite
          .prepare(`SELECT * FROM "${table}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
  );
}
