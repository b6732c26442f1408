import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientRoutes } from './client-routes.ts';
import { precompress } from './precompress.ts';
import { routeGeneration } from './route-generation.ts';

/** Where the shop server listens in development; the dev server forwards API calls there. */
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const routes = clientRoutes();

export default defineConfig({
  root: import.meta.dirname,
  // The router plugin must come before React's so route files are split before JSX is transformed.
  plugins: [
    tanstackRouter({ ...routeGeneration, plugins: [routes.generator], autoCodeSplitting: true }),
    react(),
    routes.vite,
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      // The demo catalogue's bundled images.
      '/images': apiTarget,
      '/health': apiTarget,
      // Link-preview images, the sitemap and robots.txt come from the server.
      '/previews': apiTarget,
      '/sitemap.xml': apiTarget,
      '/robots.txt': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/frontend.bench.ts follows it to weigh what a shopper downloads per route.
    manifest: true,
  },
});
