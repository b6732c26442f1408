import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { notFound, payloadTooLarge } from '../errors';
import type { Logger } from '../logger';
import { errorResponse } from './error-handler';
import { healthRoutes, type ProjectionHealthSource } from './health';
import { nodeRequestOf, provideBody, readNodeBody } from './node-body';
import { staticFiles } from './static-files';
import type { WriteHealth } from './write-health';

export interface AppDeps {
  projections: ProjectionHealthSource;
  logger: Logger;
  /** Built web app (web/dist); omitted in API-only tests. */
  webDist?: string;
  /** Where uploaded images live; served at /uploads. */
  uploadsDir?: string;
  /** The bundled demo catalogue's images; served at /images. */
  demoImagesDir?: string;
  /** The event store's write failures, shown by /health/ready. */
  writes?: Pick<WriteHealth, 'lastFailure'>;
  /** The API slices, mounted at /api. */
  api?: Hono;
  /**
   * What is not the API nor a file: robots.txt, the sitemap, preview images and the web app's pages
   * (HTML for every client route, a 404 page for the rest), tried after the web app's files.
   */
  pages?: Hono;
  /** Other origins the web app's forms may post to: a payment gateway's hosted page. */
  formActions?: readonly string[];
}

/** JSON bodies above this are refused with 413; uploads have their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;
const BODY_TOO_LARGE = 'The request body is larger than 1 MB.';

const imageExtensions = ['.webp', '.jpg', '.jpeg', '.png', '.avif'] as const;

/** The HTTP face of the shop: one error path, security headers, the API slices, health, the web app. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.onError((error, c) => errorResponse(error, c, deps.logger));
  app.notFound((c) => errorResponse(notFound('Nothing lives at this address.'), c, deps.logger));

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(deps.formActions ?? [])],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
    }),
  );
  const limitJsonBody = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw payloadTooLarge(BODY_TOO_LARGE);
    },
  });
  app.use('/api/*', async (c, next) => {
    // A GET or HEAD has no body to limit (a fetch Request cannot carry one); asking would make the
    // Node adapter build a full Request for each, ~9% of the server's time under catalogue load.
    // Uploads (pictures, proofs of payment) are multipart and limited by their own routes.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isUpload(c.req.path)) return next();
    const incoming = nodeRequestOf(c);
    if (!incoming) return limitJsonBody(c, next);
    const body = await readNodeBody(incoming, JSON_BODY_LIMIT);
    if (!body) throw payloadTooLarge(BODY_TOO_LARGE);
    provideBody(c, body);
    return next();
  });

  app.route('/health', healthRoutes(deps.projections, deps.writes));
  if (deps.api) app.route('/api', deps.api);
  app.all('/api/*', (c) => errorResponse(notFound('There is no such API call.'), c, deps.logger));

  if (deps.uploadsDir) {
    app.use(
      '/uploads/*',
      staticFiles(deps.uploadsDir, {
        stripPrefix: '/uploads',
        allowedExtensions: imageExtensions,
        immutablePrefixes: ['/'],
      }),
    );
  }
  if (deps.demoImagesDir) {
    app.use(
      '/images/*',
      staticFiles(deps.demoImagesDir, {
        stripPrefix: '/images',
        allowedExtensions: imageExtensions,
        immutablePrefixes: ['/'],
      }),
    );
  }
  if (deps.webDist) {
    app.use('*', staticFiles(deps.webDist, { immutablePrefixes: ['/assets/'], precompressed: true }));
  }
  if (deps.pages) app.route('/', deps.pages);
  return app;
}

/** The routes that take a picture as multipart/form-data, each with its own size limit. */
const isUpload = (path: string) =>
  path === '/api/upload' || /^\/api\/orders\/[^/]+\/payment-proof$/.test(path);
