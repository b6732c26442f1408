// Bundles the server into dist/ with esbuild: our workspace packages (TypeScript source) are
// inlined; third-party packages stay in node_modules, loaded at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@shop/'));

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
