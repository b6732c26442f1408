import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

function counting() {
  let calls = 0;
  return {
    compute: (value: unknown) => () => {
      calls += 1;
      return value;
    },
    get calls() {
      return calls;
    },
  };
}

describe('AnswerCache', () => {
  it('computes an answer once while the version stands, and again once it moves', () => {
    let version = 'v1';
    const cache = new AnswerCache({ version: () => version });
    const count = counting();
    expect(cache.json('a', count.compute({ n: 1 }))).toBe('{"n":1}');
    expect(cache.json('a', count.compute({ n: 2 }))).toBe('{"n":1}');
    expect(count.calls).toBe(1);
    version = 'v2';
    expect(cache.json('a', count.compute({ n: 3 }))).toBe('{"n":3}');
    expect(count.calls).toBe(2);
  });

  it('keeps nothing from a computation that throws, or one during which the version moved', () => {
    let version = 1;
    const cache = new AnswerCache({ version: () => String(version) });
    expect(() =>
      cache.json('missing', () => {
        throw new Error('Product not found');
      }),
    ).toThrow('Product not found');
    expect(cache.size).toBe(0);
    expect(
      cache.json('written', () => {
        version += 1;
        return 'fresh';
      }),
    ).toBe('"fresh"');
    expect(cache.size).toBe(0);
  });

  it('drops the oldest answers beyond its entry and size limits, and never keeps an oversized one', () => {
    const cache = new AnswerCache({ version: () => 'v', maxEntries: 2, maxChars: 100 });
    cache.json('a', () => 'a');
    cache.json('b', () => 'b');
    cache.json('c', () => 'c');
    expect(cache.size).toBe(2);
    const count = counting();
    cache.json('a', count.compute('a again'));
    expect(count.calls).toBe(1);
    cache.json('big', () => 'x'.repeat(20));
    cache.json('big', count.compute('x'.repeat(20)));
    expect(count.calls).toBe(2);
  });

  it('answers brotli or gzip to a browser that accepts them, once compressed, and small answers as they are', async () => {
    let version = 'v1';
    const cache = new AnswerCache({ version: () => version });
    const page = { products: Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, name: `Leggings ${i}` })) };
    let computed = 0;
    const app = new Hono();
    app.get('/page', (c) =>
      cache.respond(c, 'page', () => {
        computed += 1;
        return page;
      }),
    );
    app.get('/tiny', (c) => cache.respond(c, 'tiny', () => ({ ok: true })));
    const get = (path: string, acceptEncoding?: string) =>
      app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const br = await get('/page', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('application/json');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(JSON.stringify(page).length);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(page);

    const gzip = await get('/page', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(page);

    const plain = await get('/page');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(page);
    expect(computed).toBe(1);

    const tiny = await get('/tiny', 'br');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.json()).toEqual({ ok: true });

    version = 'v2';
    page.products[0]!.name = 'Renamed';
    const fresh = await get('/page', 'br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await fresh.arrayBuffer())).toString())).toEqual(page);
    expect(computed).toBe(2);
  });
});
