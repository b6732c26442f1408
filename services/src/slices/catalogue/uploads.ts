import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadResult } from '@shop/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../platform/errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Beyond this an image is refused before decoding: a small file can still unpack to gigabytes. */
const MAX_PIXELS = 40_000_000;
const DISPLAY_SIZE = 1200;
const THUMBNAIL_SIZE = 400;

export const tooLargeImage = () => payloadTooLarge('Images must be at most 5 MB');
const notAnImage = () => unsupportedMediaType('Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded');

/**
 * Stores an uploaded image, trusting its bytes, not its name or declared type: sharp must recognise
 * it as JPEG, PNG, WebP, AVIF or GIF (SVG, HEIC and anything else answer 415). It is re-encoded to
 * WebP without its metadata (EXIF, GPS) at a display size and as a thumbnail, under a random name.
 */
export async function storeUploadedImage(uploadsDir: string, bytes: Buffer): Promise<UploadResult> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLargeImage();
  if (bytes.byteLength === 0) throw badRequest('The chosen file is empty.', 'image');
  // sharp throws synchronously on some inputs, so the call runs inside the promise chain.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes).metadata())
    .catch(() => undefined);
  if (!metadata || !isAccepted(metadata)) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) {
    throw payloadTooLarge('Images must be at most 40 megapixels');
  }
  const name = randomBytes(16).toString('hex');
  const display = join(uploadsDir, `${name}.webp`);
  const thumbnail = join(uploadsDir, `${name}-thumb.webp`);
  try {
    await Promise.all([
      reencode(bytes, DISPLAY_SIZE).webp({ quality: 82 }).toFile(display),
      reencode(bytes, THUMBNAIL_SIZE).webp({ quality: 78 }).toFile(thumbnail),
    ]);
  } catch {
    await Promise.all([rm(display, { force: true }), rm(thumbnail, { force: true })]);
    throw new AppError(400, 'VALIDATION_FAILED', 'This image could not be read. Please try another file.', [
      { field: 'image', message: 'could not be read' },
    ]);
  }
  return { url: `/uploads/${name}.webp`, thumbnail: `/uploads/${name}-thumb.webp` };
}

function isAccepted(metadata: Metadata): boolean {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      // AVIF is HEIF with AV1 inside; HEIC (HEVC) is not on the list.
      return metadata.compression === 'av1';
    default:
      return false;
  }
}

/** Upright (EXIF orientation applied before the metadata is dropped), fitted inside a square. */
function reencode(bytes: Buffer, size: number) {
  return sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
}
