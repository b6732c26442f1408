import { join } from 'node:path';

/**
 * Options for TanStack Router's route-tree generator, shared by the Vite build and the web tests so
 * both generate the same (git-ignored) src/routeTree.gen.ts. Paths are absolute because the tests run
 * from the repository root and the build from web/.
 */
export const routeGeneration = {
  target: 'react',
  routesDirectory: join(import.meta.dirname, 'src/routes'),
  generatedRouteTree: join(import.meta.dirname, 'src/routeTree.gen.ts'),
  tmpDir: join(import.meta.dirname, '.tanstack/tmp'),
  // Tests live beside the routes they cover; they are not routes.
  routeFileIgnorePattern: '\\.test\\.tsx?$',
  quoteStyle: 'single',
} as const;
