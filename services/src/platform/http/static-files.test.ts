import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from './accept-encoding';
import { staticFiles } from './static-files';

let root: string;
let app: Hono;
const script = `export const catalogue = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `product ${i}`))};\n`;
const page = `<!doctype html><html><body>${'<p>shop</p>'.repeat(200)}</body></html>`;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(root, 'assets'));
  const write = (name: string, text: string, variants: boolean) => {
    writeFileSync(join(root, name), text);
    if (!variants) return;
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  };
  write('assets/app-1.js', script, true);
  write('assets/plain-1.css', 'body{margin:0}', false);
  write('index.html', page, true);
  writeFileSync(join(root, 'assets/photo.webp'), Buffer.from('RIFF....WEBPVP8 '));
  app = new Hono();
  app.use('*', staticFiles(root, { immutablePrefixes: ['/assets/'], precompressed: true }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });

describe('staticFiles with precompressed files', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file to others', async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(brBytes.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);

    const gzip = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);
  });

  it('honours q=0, sends the file itself when no compressed copy exists, and never encodes images', async () => {
    const noBrotli = await get('/assets/app-1.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(noBrotli.headers.get('content-encoding')).toBe('gzip');
    const css = await get('/assets/plain-1.css', { 'accept-encoding': 'br' });
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(await css.text()).toBe('body{margin:0}');
    const image = await get('/assets/photo.webp', { 'accept-encoding': 'br' });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
  });

  it('compresses a page that is a file, answers HEAD with the sizes only, and leaves other paths alone', async () => {
    const file = await get('/index.html', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(file.headers.get('content-encoding')).toBe('br');
    expect(file.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await file.arrayBuffer())).toString()).toBe(page);
    const head = await get('/index.html', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    // Client routes and the home page are rendered by the web app's pages, after this middleware.
    expect((await get('/shopping', { accept: 'text/html' })).status).toBe(404);
    expect((await get('/', { accept: 'text/html' })).status).toBe(404);
  });

  it('still serves nothing outside its folder', async () => {
    expect((await get('/assets/..%2f..%2fetc/passwd', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('acceptedEncodings', () => {
  it('reads tokens and weights, and a wildcard for what is not refused', () => {
    expect([...acceptedEncodings('gzip, br;q=0.9')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, *')].sort()).toEqual(['gzip']);
    expect([...acceptedEncodings('identity')]).toEqual(['identity']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
