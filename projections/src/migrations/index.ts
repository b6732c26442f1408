import type { Migration } from '../migrate';
import { projectionCheckpoints } from './001-projection-checkpoints';

/** Every read-model migration, in number order. Adding a read model's tables is one line here. */
export const readModelMigrations: readonly Migration[] = [projectionCheckpoints];
