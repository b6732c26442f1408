import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** What link previews show best (Facebook's and WhatsApp's large card): 1.91:1. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** WhatsApp drops a preview image above 600 KB; JPEG quality steps down until it fits. */
export const PREVIEW_MAX_BYTES = 600 * 1024;
const QUALITIES = [82, 70, 55, 40];
const SOURCE_EXTENSIONS = ['.webp', '.jpg', '.jpeg', '.png', '.avif'];

/** Sources whose preview failed, remembered so a crawler's retries do not run sharp again each time. */
const MAX_REMEMBERED_FAILURES = 1_000;

/** Where product images live: `/uploads/...` and the demo catalogue's `/images/...`. */
export interface ImageFolders {
  uploads: string;
  images: string;
}

const PREVIEW_PATH = /^\/previews\/(uploads|images)\/([A-Za-z0-9_-]+)\.jpg$/;
const IMAGE_PATH = /^\/(uploads|images)\/([A-Za-z0-9_-]+)\.[a-z]+$/;

/**
 * A 1200x630 JPEG of each product image for link previews: the picture whole, centred on a blurred,
 * cropped copy of itself, so a square product photo fills the card without losing its edges. Made
 * with sharp (as uploads are) the first time it is asked for, kept in `cacheDir`, and made again
 * only when its source is newer. Served at `/previews/{uploads|images}/{name}.jpg`.
 */
export class PreviewImages {
  readonly #folders: ImageFolders;
  readonly #cacheDir: string;
  readonly #render: (input: Buffer) => Promise<Buffer>;
  /** One making per preview at a time: concurrent crawlers share it. */
  readonly #making = new Map<string, Promise<Buffer | undefined>>();
  /** Source path -> the modification time of the version that could not be rendered. */
  readonly #failed = new Map<string, number>();

  constructor(folders: ImageFolders, cacheDir: string, render = renderPreview) {
    this.#folders = folders;
    this.#cacheDir = cacheDir;
    this.#render = render;
  }

  /** The preview's path for a product image path (`/images/x.webp` -> `/previews/images/x.jpg`), if it can have one. */
  static pathFor(imagePath: string): string | undefined {
    const [, folder, name] = IMAGE_PATH.exec(imagePath) ?? [];
    return folder && name ? `/previews/${folder}/${name}.jpg` : undefined;
  }

  /** The JPEG for a preview path, made now if needed; undefined when the path names no product image. */
  async jpegFor(previewPath: string): Promise<Buffer | undefined> {
    const [, folder, name] = PREVIEW_PATH.exec(previewPath) ?? [];
    if (!folder || !name) return undefined;
    const source = await findSource(this.#folders[folder as keyof ImageFolders], name);
    if (!source) return undefined;
    const cached = join(this.#cacheDir, folder, `${name}.jpg`);
    const cachedInfo = await stat(cached).catch(() => undefined);
    if (cachedInfo && cachedInfo.mtimeMs >= source.mtimeMs) return readFile(cached);
    if (this.#failed.get(source.path) === source.mtimeMs) return undefined;
    let making = this.#making.get(cached);
    if (!making) {
      making = this.#make(source, cached).finally(() => this.#making.delete(cached));
      this.#making.set(cached, making);
    }
    return making;
  }

  /** Renders the preview and writes it whole (a temporary file renamed), so no reader sees half of one. */
  async #make(source: { path: string; mtimeMs: number }, target: string): Promise<Buffer | undefined> {
    const jpeg = await this.#render(await readFile(source.path)).catch(() => undefined);
    if (!jpeg) {
      this.#rememberFailure(source);
      return undefined;
    }
    this.#failed.delete(source.path);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(partial, jpeg);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
    return jpeg;
  }

  #rememberFailure(source: { path: string; mtimeMs: number }): void {
    this.#failed.delete(source.path);
    if (this.#failed.size >= MAX_REMEMBERED_FAILURES) {
      const oldest = this.#failed.keys().next().value;
      if (oldest !== undefined) this.#failed.delete(oldest);
    }
    this.#failed.set(source.path, source.mtimeMs);
  }
}

async function findSource(
  folder: string,
  name: string,
): Promise<{ path: string; mtimeMs: number } | undefined> {
  for (const extension of SOURCE_EXTENSIONS) {
    const path = join(folder, `${name}${extension}`);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile()) return { path, mtimeMs: info.mtimeMs };
  }
  return undefined;
}

/** The preview of one image: 1200x630, JPEG, under 600 KB. */
export async function renderPreview(input: Buffer): Promise<Buffer> {
  const upright = () => sharp(input, { limitInputPixels: 40_000_000 }).rotate();
  // Lossless in between: only the final JPEG loses anything. The backdrop is opaque, so a
  // transparent picture lands on it rather than on JPEG's black.
  const [backdrop, picture] = await Promise.all([
    upright()
      .flatten({ background: '#ffffff' })
      .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover' })
      .blur(24)
      .modulate({ brightness: 0.92 })
      .png()
      .toBuffer(),
    upright().resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'inside' }).png().toBuffer(),
  ]);
  for (const quality of QUALITIES) {
    const jpeg = await sharp(backdrop)
      .composite([{ input: picture, gravity: 'centre' }])
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.byteLength <= PREVIEW_MAX_BYTES) return jpeg;
  }
  throw new Error('The preview could not be made small enough.');
}
