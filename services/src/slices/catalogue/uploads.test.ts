import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Product, UploadResult } from '@shop/contracts';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { aProductInput } from './test-builders';

let t: TestShop;
let admin: SignedInUser;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
});

function form(bytes: Uint8Array | string, name: string, type: string, field = 'image'): FormData {
  const body = new FormData();
  body.append(field, new File([bytes], name, { type }));
  return body;
}

const upload = (body: FormData, token: string | undefined = admin.token) =>
  t.request<UploadResult>('POST', '/api/upload', { token, body });

/** A photo as a phone takes it: large, with EXIF (orientation and a camera model) attached. */
async function aPhoto(format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif', width = 2400, height = 1600) {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  if (format === 'jpeg')
    return image
      .jpeg()
      .withExif({ IFD0: { Model: 'Secret Phone 12' } })
      .toBuffer();
  return image.toFormat(format).toBuffer();
}

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

describe('POST /api/upload', () => {
  it('re-encodes an image to WebP at display size and as a thumbnail, without its metadata', async () => {
    const response = await upload(form(await aPhoto('jpeg'), 'holiday.jpg', 'image/jpeg'));
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(response.body.thumbnail).toBe(response.body.url.replace('.webp', '-thumb.webp'));

    const display = await sharp(
      join(t.deps.uploadsDir, response.body.url.slice('/uploads/'.length)),
    ).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(display.exif).toBeUndefined();
    const thumb = await sharp(
      join(t.deps.uploadsDir, response.body.thumbnail.slice('/uploads/'.length)),
    ).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 400 });

    const served = await t.request('GET', response.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
  });

  it('accepts PNG, WebP, AVIF and GIF, each under a fresh name', async () => {
    const urls = new Set<string>();
    for (const format of ['png', 'webp', 'avif', 'gif'] as const) {
      const response = await upload(form(await aPhoto(format, 300, 200), `x.${format}`, `image/${format}`));
      expect(response.status, format).toBe(201);
      urls.add(response.body.url);
    }
    expect(urls.size).toBe(4);
  });

  it('gives a product made with the upload its thumbnail', async () => {
    const uploaded = await upload(form(await aPhoto('png', 300, 300), 'x.png', 'image/png'));
    const created = await t.request<Product>('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({ image: uploaded.body.url }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ image: uploaded.body.url, thumbnail: uploaded.body.thumbnail });
  });

  it('answers 415 for anything that is not a JPEG, PNG, WebP, AVIF or GIF by content, whatever its name', async () => {
    const message = 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded';
    const cases = [
      form('just some text', 'notes.txt', 'text/plain'),
      form(svg, 'logo.svg', 'image/svg+xml'),
      form(svg, 'logo.png', 'image/png'),
      form('#!/bin/sh\nrm -rf /\n', 'script.png', 'image/png'),
      form('<html><script>alert(1)</script></html>', 'page.jpg', 'image/jpeg'),
      form(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
        'a.tiff',
        'image/tiff',
      ),
    ];
    for (const body of cases) {
      const response = await upload(body);
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ message, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers 413 for an upload over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await aPhoto('png', 50, 50));
    const response = await upload(form(big, 'big.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Images must be at most 5 MB', code: 'PAYLOAD_TOO_LARGE' });
    const huge = await upload(form(new Uint8Array(12 * 1024 * 1024), 'huge.png', 'image/png'));
    expect(huge.status).toBe(413);
  });

  it('answers 400 when there is no image field, 401 without a token and 403 for a customer', async () => {
    const photo = await aPhoto('png', 20, 20);
    const wrongField = await upload(form(photo, 'x.png', 'image/png', 'file'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ fields: [{ field: 'image' }] });
    expect((await upload(form(photo, 'x.png', 'image/png'), '')).status).toBe(401);
    const customer = await registerUser(t);
    expect((await upload(form(photo, 'x.png', 'image/png'), customer.token)).status).toBe(403);
  });
});

describe('serving images', () => {
  it('never serves a file outside the uploads folder', async () => {
    writeFileSync(join(t.dataDir, 'secret.webp'), 'secret');
    const attempts = [
      '/uploads/..%2F..%2Fevents.sqlite',
      '/uploads/..%2Fevents.sqlite',
      '/uploads/../jwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/..%2Fsecret.webp',
      '/uploads/%2e%2e%2fsecret.webp',
      '/uploads/..%5Csecret.webp',
      '/images/..%2F..%2Fpackage.json',
      '/images/..%2Fdemo-images%2F..%2F..%2Fpackage.json',
    ];
    for (const path of attempts) {
      const response = await t.request('GET', path);
      expect(response.status, path).toBe(404);
      expect(String(response.body)).not.toContain('secret');
    }
  });

  it('serves the bundled demo images with long cache headers', async () => {
    const response = await t.request('GET', '/images/flex-high-rise-leggings.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    const file = readFileSync(join(t.deps.demoImagesDir, 'flex-high-rise-leggings.webp'));
    expect(Number(response.headers.get('content-length'))).toBe(file.byteLength);
  });
});
