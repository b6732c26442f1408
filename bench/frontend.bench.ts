import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort, ShopProcess } from '@shop/services/test-support/shop-process';
import type { BenchResult } from './measure';

const CHROMIUM = '/usr/bin/chromium';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'web', 'dist');
const BUDGET_KB = 150;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Builds the web app, then weighs (gzip) the JavaScript and CSS a shopper downloads on a first visit to
 * `/` and to `/shopping`: what web/dist/index.html loads, the entry's static imports, and the route's
 * split chunks (TanStack's `?tsr-split` entries for the route file and the root) with their static imports,
 * followed through Vite's manifest. Fails if any module from an admin source (per the source maps) is in it.
 */
export async function runFrontEndBench(): Promise<BenchResult[]> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0)
    throw new Error(`npm run build -w @shop/web failed:\n${build.stdout}\n${build.stderr}`);
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error('no Vite manifest: build.manifest must be on in web/vite.config.ts');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);

  const firstLoad = (routeFile: string) => {
    const files = new Set<string>(fromHtml);
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(`key:${key}`)) return;
      files.add(`key:${key}`);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      const isRouteChunk = (file: string) => key === file || key.startsWith(`${file}?`);
      if (chunk.isEntry || isRouteChunk(`src/routes/${routeFile}`) || isRouteChunk('src/routes/__root.tsx'))
        visit(key);
    }
    return [...files].filter((f) => !f.startsWith('key:'));
  };

  const ADMIN_CODE = /features\/admin|ui\/admin\/|routes\/-components\/admin|routes\/admin[^/]*\?tsr-split/;
  const weigh = (files: string[]) => {
    let js = 0;
    let css = 0;
    const adminSources = new Set<string>();
    const adminStubs = new Set<string>();
    for (const file of files) {
      const bytes = readFileSync(join(dist, file));
      const gz = gzipSync(bytes, { level: 9 }).length;
      if (file.endsWith('.css')) css += gz;
      else js += gz;
      const map = join(dist, `${file}.map`);
      if (file.endsWith('.js') && existsSync(map)) {
        const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
        // The route tree must know /admin's paths and guard, so the admin route files' stubs (createFileRoute
        // with beforeLoad) are in the entry by design; their split components and loaders, and anything
        // under features/admin-* or ui/admin, and the dashboard's route component, are admin code and
        // must not be.
        for (const source of sources) {
          if (ADMIN_CODE.test(source)) adminSources.add(source);
          else if (/routes\/admin/.test(source)) adminStubs.add(source);
        }
      }
    }
    return { js, css, adminSources: [...adminSources], adminStubs: adminStubs.size };
  };

  const rows: BenchResult[] = [];
  for (const [path, routeFile] of [
    ['/', 'index.tsx'],
    ['/shopping', 'shopping.tsx'],
  ] as const) {
    const files = firstLoad(routeFile);
    const { js, css, adminSources, adminStubs } = weigh(files);
    console.log(
      `  ${path.padEnd(10)} JS ${(js / 1024).toFixed(1)} KB + CSS ${(css / 1024).toFixed(1)} KB gzip in ${files.length} files; admin modules: ${adminSources.length === 0 ? 'none' : adminSources.join(', ')} (admin route stubs, path + guard only: ${adminStubs})`,
    );
    rows.push(
      {
        name: `${path} first-load JS (lower is better)`,
        unit: 'KB gzip',
        ours: js / 1024,
        baseline: BUDGET_KB,
        baselineLabel: `the ${BUDGET_KB} KB budget; admin modules in it: ${adminSources.length === 0 ? 'none' : adminSources.join(', ')}`,
      },
      {
        name: `${path} first-load CSS (lower is better)`,
        unit: 'KB gzip',
        ours: css / 1024,
        baseline: BUDGET_KB,
        baselineLabel: `the ${BUDGET_KB} KB budget (JS); shown for the record`,
      },
    );
    if (adminSources.length > 0) console.log(`  ADMIN CODE IN THE SHOPPER'S FIRST LOAD OF ${path}`);
  }
  rows.push(...(await lighthouseScores()));
  return rows;
}

/**
 * Lighthouse (mobile settings, its default) for / and /shopping on the real server with the demo
 * catalogue, driving Debian's Chromium. Scores are 0-100; the baseline is a perfect 100. Skipped, with
 * the reason printed, when Chromium or Lighthouse is missing or a run fails.
 */
async function lighthouseScores(): Promise<BenchResult[]> {
  const cli = join(root, 'node_modules', '.bin', 'lighthouse');
  if (!existsSync(CHROMIUM) || !existsSync(cli)) {
    console.log(
      `  Lighthouse skipped: ${existsSync(CHROMIUM) ? 'lighthouse is not installed' : `no ${CHROMIUM}`}`,
    );
    return [];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-lighthouse-'));
  const shop = new ShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-signing-secret-of-32-characters-or-more',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  });
  const rows: BenchResult[] = [];
  try {
    await shop.start(60_000);
    for (const path of ['/', '/shopping']) {
      const output = join(dataDir, 'lighthouse.json');
      // Lighthouse's first trace on a cold Chromium sometimes fails (NO_NAVSTART): one retry.
      const lighthouse = () =>
        spawnSync(
          cli,
          [
            `${shop.baseUrl}${path}`,
            '--form-factor=mobile',
            '--only-categories=performance,accessibility',
            '--chrome-flags=--headless=new --no-sandbox',
            '--output=json',
            `--output-path=${output}`,
            '--quiet',
          ],
          { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 120_000 },
        );
      let run = lighthouse();
      if (run.status !== 0 || !existsSync(output)) run = lighthouse();
      if (run.status !== 0 || !existsSync(output)) {
        console.log(`  Lighthouse failed on ${path}: ${run.error?.message ?? run.stderr.slice(-500)}`);
        continue;
      }
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
      };
      for (const category of ['performance', 'accessibility']) {
        const score = Math.round((report.categories[category]?.score ?? 0) * 100);
        console.log(`  Lighthouse ${path} ${category}: ${score}`);
        rows.push({
          name: `Lighthouse ${path} ${category} (mobile)`,
          unit: 'score',
          ours: score,
          baseline: 100,
          baselineLabel: 'a perfect score',
        });
      }
    }
  } finally {
    await shop.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
