import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { routeGeneration } from './route-generation.ts';

// The generator writes src/routeTree.gen.ts (git-ignored) when the config resolves, so tests that
// import the route tree work on a fresh clone without a prior `vite build`.
export default defineProject({
  root: import.meta.dirname,
  plugins: [tanstackRouterGenerator(routeGeneration), react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
