/**
 * The read models: their database (kysely-built SQL run synchronously on better-sqlite3), the
 * projectors that build them from the event log, and the runner that keeps them up to date.
 */
export * from './affiliates';
export { allProjectors } from './all-projectors';
export { ProjectorFailed } from './apply-chunk';
export { readAsOf } from './as-of';
export * from './catalogue';
export type { ProjectorFailure } from './checkpoints';
export * from './customers';
export type { Migration, ReadModelsDb, RunResult } from './database';
export { type OpenReadModelsOptions, openReadModels } from './db';
export * from './metrics';
export { readModelMigrations } from './migrations';
export * from './orders';
export * from './outbox';
export type { KeysetPage, PageStart, Position } from './paging';
export * from './payments';
export { argumentsFor, type PreparedQuery, prepareQuery } from './prepared-query';
export type { ProjectionStatus, ProjectorStatus } from './projection-status';
export type { Projector } from './projector';
export type {
  MigrationsTable,
  ProjectionCheckpointRow,
  ProjectionCheckpointsTable,
  ProjectorState,
  ReadModels,
} from './read-models';
export * from './returns';
export * from './reviews';
export { ProjectionRunner, type ProjectionRunnerOptions, type RebuildResult } from './runner';
export * from './sales';
