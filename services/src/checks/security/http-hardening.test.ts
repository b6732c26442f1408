import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, registerUser, type TestShop } from '../../test-support/test-shop';

let t: TestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.close());

describe('sign-in brute force', () => {
  it('answers 429 with Retry-After once an account has used up its failures at an address', async () => {
    const user = await registerUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: user.email, password: `guess number ${i}` },
        address: '10.0.0.1',
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const right = await t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      address: '10.0.0.1',
    });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({
      message: 'Too many sign-in attempts. Please try again in 1 second.',
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('answers 429 to one address spraying many e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: `victim${i}@example.pk`, password: 'password123' },
        address: '10.0.0.2',
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('security headers', () => {
  const paths = ['/api/products', '/api/no-such-call', '/health/live', '/api/orders/myorders'];

  it('every answer, success or error, carries a CSP, nosniff and frame protection', async () => {
    for (const path of paths) {
      const { headers } = await t.request('GET', path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it('a real listening server sends no Server or X-Powered-By banner', async () => {
    const server = serve({ fetch: t.shop.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      for (const path of paths) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        await response.arrayBuffer();
        expect(response.headers.get('server'), path).toBeNull();
        expect(response.headers.get('x-powered-by'), path).toBeNull();
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413, declared or streamed, and changes nothing', async () => {
    const user = { name: 'Big Body', email: 'big-body@example.pk', password: 'password123' };
    const huge = new TextEncoder().encode(JSON.stringify({ ...user, contact: 'x'.repeat(1_100_000) }));
    const register = (body: Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      t.shop.app.fetch(
        new Request('http://shop.test/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    const declared = await register(huge, { 'content-length': String(huge.length) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: 'The request body is larger than 1 MB.' });
    const streamed = await register(
      new ReadableStream({
        start(controller) {
          for (let at = 0; at < huge.length; at += 64 * 1024)
            controller.enqueue(huge.slice(at, at + 64 * 1024));
          controller.close();
        },
      }),
    );
    expect(streamed.status).toBe(413);
    const signIn = await t.request('POST', '/api/auth/login', { body: user, address: '10.0.0.9' });
    expect(signIn.status).toBe(401);
  });
});

describe('CORS: only the shop itself', () => {
  it('gives a foreign origin no Access-Control-Allow-Origin on a request or a preflight', async () => {
    const simple = await t.request('GET', '/api/products', { headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();

    const preflight = await t.request('OPTIONS', '/api/orders', {
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it("serves the shop's own origin (same-origin calls need no CORS grant)", async () => {
    const own = await t.request('GET', '/api/products', { headers: { origin: 'http://localhost' } });
    expect(own.status).toBe(200);
    const user = await registerUser(t);
    const signIn = await t.request('POST', '/api/auth/login', {
      headers: { origin: 'http://localhost' },
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
  });
});
