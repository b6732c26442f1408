import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreviewImages, renderPreview } from './preview-images';

let dir: string;
let renders: number;
let previews: PreviewImages;
const countingRender = (input: Buffer) => {
  renders += 1;
  return renderPreview(input);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'previews-'));
  for (const folder of ['uploads', 'images', 'cache']) mkdirSync(join(dir, folder));
  renders = 0;
  previews = new PreviewImages(
    { uploads: join(dir, 'uploads'), images: join(dir, 'images') },
    join(dir, 'cache'),
    countingRender,
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const aPicture = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();

describe('preview images', () => {
  it('makes a preview once and serves the kept file after', async () => {
    writeFileSync(join(dir, 'uploads/shirt.webp'), await aPicture());
    const first = await previews.jpegFor('/previews/uploads/shirt.jpg');
    const second = await previews.jpegFor('/previews/uploads/shirt.jpg');
    expect((await sharp(first).metadata()).format).toBe('jpeg');
    expect(second?.equals(first as Buffer)).toBe(true);
    expect(renders).toBe(1);
  });

  it('does not render a picture that failed again until the file changes', async () => {
    const path = join(dir, 'uploads/broken.webp');
    writeFileSync(path, 'not a picture at all');
    expect(await previews.jpegFor('/previews/uploads/broken.jpg')).toBeUndefined();
    expect(await previews.jpegFor('/previews/uploads/broken.jpg')).toBeUndefined();
    expect(renders).toBe(1);

    writeFileSync(path, await aPicture());
    const later = new Date(Date.now() + 5_000);
    utimesSync(path, later, later);
    expect((await sharp(await previews.jpegFor('/previews/uploads/broken.jpg')).metadata()).width).toBe(1200);
    expect(renders).toBe(2);
  });
});
