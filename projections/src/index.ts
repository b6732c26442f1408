/**
 * The read models: their database (kysely-built SQL run synchronously on better-sqlite3), the
 * projectors that build them from the event log, and the runner that keeps them up to date.
 */
export * from './affiliates';
export { allProjectors } from './all-projectors';
export * from './catalogue';
export * from './customers';
export type { Migration, ReadModelsDb, RunResult } from './db/database';
export { readModelMigrations } from './db/migrations';
export { type OpenReadModelsOptions, openReadModels } from './db/open';
export type { KeysetPage, PageStart, Position } from './db/paging';
export { argumentsFor, type PreparedQuery, prepareQuery } from './db/prepared-query';
export type {
  MigrationsTable,
  ProjectionCheckpointRow,
  ProjectionCheckpointsTable,
  ProjectorState,
  ReadModels,
} from './db/read-models';
export * from './metrics';
export * from './orders';
export * from './outbox';
export * from './returns';
export * from './reviews';
export { ProjectorFailed } from './runner/apply-chunk';
export { readAsOf } from './runner/as-of';
export type { ProjectorFailure } from './runner/checkpoints';
export type { ProjectionRunnerOptions } from './runner/options';
export type { ProjectionStatus, ProjectorStatus } from './runner/projection-status';
export type { Projector } from './runner/projector';
export { ProjectionRunner, type RebuildResult } from './runner/runner';
export * from './sales';
