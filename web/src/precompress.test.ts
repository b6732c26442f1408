import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDirectory (the build step behind the server's .br and .gz answers)", () => {
  it('writes brotli and gzip copies of the text a browser downloads, and nothing else', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const script = `export const sizes = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `size-${i}`))};`;
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>Shop</p>'.repeat(150)}`);
    writeFileSync(join(dir, 'assets', 'index-1.js'), script);
    writeFileSync(join(dir, 'assets', 'index-1.js.map'), script);
    writeFileSync(join(dir, 'assets', 'tiny-1.css'), 'a{color:red}');
    writeFileSync(join(dir, 'assets', 'photo.webp'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ big: 'x'.repeat(4096) }));

    const totals = precompressDirectory(dir);

    expect(totals.files).toBe(2);
    const js = join(dir, 'assets', 'index-1.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    for (const untouched of [
      'assets/index-1.js.map',
      'assets/tiny-1.css',
      'assets/photo.webp',
      '.vite/manifest.json',
    ]) {
      expect(existsSync(join(dir, `${untouched}.br`)), untouched).toBe(false);
      expect(existsSync(join(dir, `${untouched}.gz`)), untouched).toBe(false);
    }
  });
});
