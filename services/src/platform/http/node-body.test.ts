import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../../test-support/test-shop';

// The body of an API call as a real Node server reads it (app.fetch in other tests takes another path).
let t: TestShop;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await openTestShop();
  server = serve({ fetch: t.shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

const register = (body: string | Uint8Array, contentType = 'application/json') =>
  fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });

/** Sends raw HTTP and returns the status line and body of the answer, however much of the request was read. */
function rawRequest(head: string, body: Iterable<Buffer>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      const [headers, rest] = answer.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(headers ?? '')?.[1];
      if (rest !== undefined && length !== undefined && Buffer.byteLength(rest) >= Number(length)) {
        socket.destroy();
        resolve({ status: Number(answer.slice(9, 12)), body: rest });
      }
    });
    socket.on('error', (error) => {
      if (!answer) reject(error);
    });
    socket.write(head);
    for (const chunk of body) if (!socket.destroyed) socket.write(chunk);
  });
}

describe('API bodies read off a real socket', () => {
  it('registers from a JSON body, in any UTF-8, a leading byte order mark included', async () => {
    const json = JSON.stringify({
      name: 'Zoë Ansari — جی',
      email: 'zoe@example.pk',
      contact: '0300-1234567',
      password: 'Zoe-karachi-Runs-42',
    });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(json)]);
    const response = await register(bom);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'Zoë Ansari — جی', email: 'zoe@example.pk' });
  });

  it('answers malformed JSON and a non-JSON body with 400, naming what is wrong', async () => {
    const malformed = await register('{"name": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
    const text = await register('name=Ali', 'text/plain');
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses more than 1 MB with 413, declared up front or streamed in chunks, and registers no one', async () => {
    const huge = Buffer.from(
      JSON.stringify({
        name: 'Big',
        email: 'big@example.pk',
        contact: '0300-1234567',
        password: 'password123',
        x: 'x'.repeat(1_100_000),
      }),
    );
    const declared = await rawRequest(
      `POST /api/auth/register HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: ${huge.length}\r\n\r\n`,
      [huge.subarray(0, 1000)],
    );
    expect(declared).toMatchObject({ status: 413 });
    expect(JSON.parse(declared.body)).toMatchObject({ message: 'The request body is larger than 1 MB.' });

    const chunks = function* () {
      for (let at = 0; at < huge.length; at += 64 * 1024) {
        const piece = huge.subarray(at, at + 64 * 1024);
        yield Buffer.from(`${piece.length.toString(16)}\r\n`);
        yield piece;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from('0\r\n\r\n');
    };
    const streamed = await rawRequest(
      'POST /api/auth/register HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      chunks(),
    );
    expect(streamed).toMatchObject({ status: 413 });

    const signIn = await t.request('POST', '/api/auth/login', {
      body: { email: 'big@example.pk', password: 'password123' },
    });
    expect(signIn.status).toBe(401);
  });
});
