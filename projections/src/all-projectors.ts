import type { Projector } from './projector';

/** Every read model's projector, in the order the runner applies them. One line per read model. */
export const allProjectors: readonly Projector[] = [];
