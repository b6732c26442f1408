import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside each compressible file of
 * `dir` and its subfolders, skipping dot-folders (Vite's manifest) and source maps; a copy that would
 * not be smaller is not written. The server sends the one a browser accepts (services' staticFiles),
 * so what a shopper downloads is what the bench weighs, at the highest levels, compressed once at build.
 */
export function precompressDirectory(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.')) continue;
      const inner = precompressDirectory(path);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
      totals.brotliBytes += inner.brotliBytes;
      continue;
    }
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name).toLowerCase())) continue;
    if (statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotliBytes += Math.min(brotli.length, bytes.length);
  }
  return totals;
}

/** Vite plugin: precompresses the build's output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = precompressDirectory(outDir);
      this.info?.(`precompressed ${files} files: ${bytes} bytes, ${brotliBytes} as brotli`);
    },
  };
}
