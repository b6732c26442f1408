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

/** Asks `cache` through a route, as the shop's routes do: the body of its answer, or what it threw. */
function asker(cache: AnswerCache) {
  let compute: () => unknown = () => null;
  const app = new Hono();
  app.get('/:key', (c) => cache.respond(c, c.req.param('key'), () => compute()));
  app.onError((error, c) => c.text(error.message, 500));
  return async (key: string, next: () => unknown): Promise<string> => {
    compute = next;
    const response = await app.request(`/${key}`);
    if (response.status !== 200) throw new Error(await response.text());
    return response.text();
  };
}

describe('AnswerCache', () => {
  it('computes an answer once while the version stands, and again once it moves', async () => {
    let version = 'v1';
    const ask = asker(new AnswerCache({ version: () => version }));
    const count = counting();
    expect(await ask('a', count.compute({ n: 1 }))).toBe('{"n":1}');
    expect(await ask('a', count.compute({ n: 2 }))).toBe('{"n":1}');
    expect(count.calls).toBe(1);
    version = 'v2';
    expect(await ask('a', count.compute({ n: 3 }))).toBe('{"n":3}');
    expect(count.calls).toBe(2);
  });

  it('keeps nothing from a computation that throws, or one during which the version moved', async () => {
    let version = 1;
    const ask = asker(new AnswerCache({ version: () => String(version) }));
    await expect(
      ask('missing', () => {
        throw new Error('Product not found');
      }),
    ).rejects.toThrow('Product not found');
    expect(await ask('missing', () => 'found now')).toBe('"found now"');
    expect(
      await ask('written', () => {
        version += 1;
        return 'fresh';
      }),
    ).toBe('"fresh"');
    expect(await ask('written', () => 'computed again')).toBe('"computed again"');
  });

  it('drops the oldest answers beyond its entry and size limits, and never keeps an oversized one', async () => {
    const ask = asker(new AnswerCache({ version: () => 'v', maxEntries: 2, maxChars: 100 }));
    await ask('a', () => 'a');
    await ask('b', () => 'b');
    await ask('c', () => 'c');
    const count = counting();
    expect(await ask('c', count.compute('c again'))).toBe('"c"');
    expect(await ask('b', count.compute('b again'))).toBe('"b"');
    expect(count.calls).toBe(0);
    expect(await ask('a', count.compute('a again'))).toBe('"a again"');
    expect(count.calls).toBe(1);
    await ask('big', () => 'x'.repeat(20));
    await ask('big', count.compute('x'.repeat(20)));
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
