import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { type AuthResponse, type EventStore, type RegisterInput, streams } from '@shop/contracts';
import { codSettingsFrom } from '../platform/config/cod-settings';
import { loadConfig } from '../platform/config/config';
import type { CourierSettings } from '../platform/config/courier-settings';
import type { MailSettings } from '../platform/config/mail-settings';
import { paymentSettingsFrom } from '../platform/config/payment-settings';
import { placeholderWarnings, shopInfoFrom } from '../platform/config/shop-info';
import type { WhatsAppSettings } from '../platform/config/whatsapp-settings';
import { TrustedProxies } from '../platform/http/client-address';
import { openShop, type Shop } from '../shop';
import type { ShopDeps } from '../shop-deps';
import { ensureAdmin } from '../slices/accounts/account-commands';
import { verificationToken } from '../slices/accounts/email-ownership';

/** A clock the test moves by hand. Starts at 2024-05-02 08:00 UTC unless told otherwise. */
export interface TestClock {
  now(): Date;
  set(at: string | Date): void;
  advance(ms: number): void;
}

export function testClock(start: string | Date = '2024-05-02T08:00:00.000Z'): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (at) => {
      now = new Date(at).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export interface RequestOptions {
  /** Sent as JSON; a string is sent as it is (for malformed bodies); FormData as multipart. */
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (sign-in throttling is per address). */
  address?: string;
}

export interface TestResponse<Body> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: Body;
}

/** A JSON object whose fields a test reads; narrow it with the request's type parameter. */
export type JsonObject = { [key: string]: unknown };

export interface TestShop {
  shop: Shop;
  deps: ShopDeps;
  clock: TestClock;
  dataDir: string;
  request<Body = JsonObject>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse<Body>>;
  /**
   * Serves the shop on a real socket at 127.0.0.1 on a free port (so addresses are real), until
   * `close` (or the shop's close) stops it.
   */
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  /**
   * Closes the shop and opens it again on the same DATA_DIR, as a restart would (`shop` and `deps`
   * are the new ones); with `freshReadModels`, the read models are rebuilt from the log first.
   */
  restart(options?: { freshReadModels?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export const TEST_SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

/**
 * The shop's details as a test shop is configured unless a test says otherwise: real-looking accounts
 * (the IBAN's check digits are right), so the manual transfer is offered and nothing is a placeholder.
 */
export const TEST_SHOP_ENV: Readonly<Record<string, string>> = {
  SUPPORT_PHONE: '0301-2345678',
  SUPPORT_EMAIL: 'help@apex-athletics.pk',
  PAYMENT_ACCOUNT_TITLE: 'Apex Athletics (Pvt) Ltd',
  JAZZCASH_NUMBER: '0301-2345678',
  BANK_IBAN: 'PK36 SCBL 0000 0011 2345 6702',
};

/** How a test shop opens; every field has a default. */
export interface TestShopOptions {
  clock?: TestClock;
  newId?: () => string;
  /** Wraps or replaces the event store (fault tests); default: SQLite in the temporary DATA_DIR. */
  openStore?: (dataDir: string) => EventStore;
  /** Turns e-mail on, with settings for this DATA_DIR; default: no e-mail. */
  mail?: (dataDir: string) => MailSettings;
  /** Turns WhatsApp on (see whatsapp-shop.ts); default: off. */
  whatsapp?: WhatsAppSettings;
  /** The couriers the shop books with (see courier-shop.ts); default: none. */
  couriers?: CourierSettings;
  /** An existing DATA_DIR to open (a restart); the caller removes it. Default: a fresh one, removed at close. */
  dataDir?: string;
  /** TRUSTED_PROXIES, e.g. '127.0.0.1' to act as the proxy in front of a listening shop. */
  trustedProxies?: string;
  /** A built web app to serve pages from (see slices/sharing/page-test-kit.ts); default: none. */
  webDist?: string;
  publicUrl?: string;
  /** The shop's configuration variables (shipping, accounts, support); default TEST_SHOP_ENV. */
  env?: Record<string, string>;
}

/**
 * A whole shop in-process, on the real SQLite store in a fresh temporary DATA_DIR, with a clock
 * the test controls. `request` calls the Hono app directly (no socket). Most tests take it from the
 * `shop` fixture of shop-test.ts, which closes it; a test that opens one itself closes it.
 */
export async function openTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-test-'));
  const clock = options.clock ?? testClock();
  const config = loadConfig(options.env ?? TEST_SHOP_ENV);
  const open = () =>
    openShop({
      dataDir,
      durability: 'relaxed',
      signingSecret: TEST_SIGNING_SECRET,
      clock: () => clock.now(),
      shopInfo: shopInfoFrom(config),
      configWarnings: placeholderWarnings(config),
      cod: codSettingsFrom(config),
      payments: paymentSettingsFrom(config),
      trustedProxies: TrustedProxies.parse(options.trustedProxies),
      ...(options.newId ? { newId: options.newId } : {}),
      ...(options.openStore ? { store: options.openStore(dataDir) } : {}),
      ...(options.mail ? { mail: options.mail(dataDir) } : {}),
      ...(options.whatsapp ? { whatsapp: options.whatsapp } : {}),
      ...(options.couriers ? { couriers: options.couriers } : {}),
      ...(options.webDist ? { webDist: options.webDist } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    });
  const shop = await open();
  const listening = new Set<() => Promise<void>>();
  const stopListening = () => Promise.all([...listening].map((stop) => stop()));
  const t: TestShop = {
    shop,
    deps: shop.deps,
    clock,
    dataDir,
    async request<Body>(method: string, path: string, request: RequestOptions = {}) {
      const headers = new Headers(request.headers);
      if (request.token) headers.set('authorization', `Bearer ${request.token}`);
      let body: string | FormData | undefined;
      if (request.body instanceof FormData || typeof request.body === 'string') body = request.body;
      else if (request.body !== undefined) body = JSON.stringify(request.body);
      if (body !== undefined && !(body instanceof FormData) && !headers.has('content-type')) {
        headers.set('content-type', 'application/json');
      }
      const env = { incoming: { socket: { remoteAddress: request.address ?? '127.0.0.1' } } };
      const response = await t.shop.app.request(path, { method, headers, body }, env);
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json');
      return {
        status: response.status,
        headers: response.headers,
        body: (isJson ? JSON.parse(text) : text) as Body,
      };
    },
    async listen() {
      const server = serve({
        fetch: (request, env) => t.shop.app.fetch(request, env),
        port: 0,
        hostname: '127.0.0.1',
      });
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const stop = () =>
        new Promise<void>((resolve) => {
          listening.delete(stop);
          server.close(() => resolve());
          (server as Server).closeAllConnections();
        });
      listening.add(stop);
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: stop };
    },
    async restart(restart = {}) {
      await t.shop.close();
      if (restart.freshReadModels) {
        for (const suffix of ['', '-wal', '-shm'])
          rmSync(join(dataDir, `read-models.sqlite${suffix}`), { force: true });
      }
      t.shop = await open();
      t.deps = t.shop.deps;
    },
    async close() {
      await stopListening();
      await t.shop.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

let registered = 0;

/** A valid registration body; each call gets a fresh e-mail. */
export function aRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  registered += 1;
  return {
    name: `Shopper ${lettersFor(registered)}`,
    email: `shopper${registered}-${process.pid}@example.pk`,
    contact: '0300-1234567',
    password: 'correct horse battery',
    ...overrides,
  };
}

/** 1 -> 'A', 26 -> 'Z', 27 -> 'AA': a name carries letters only. */
function lettersFor(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

export type SignedInUser = AuthResponse & { password: string };

/**
 * Registers a customer through the API and, unless told not to, follows the verification link the
 * shop mailed her (as a shopper would), so the shop's e-mails reach her; answers the user, their
 * token and password.
 */
export async function registerUser(
  t: TestShop,
  overrides: Partial<RegisterInput> = {},
  { verifyEmail = true }: { verifyEmail?: boolean } = {},
): Promise<SignedInUser> {
  const registration = aRegistration(overrides);
  const response = await t.request<AuthResponse>('POST', '/api/auth/register', { body: registration });
  if (response.status !== 201)
    throw new Error(`registerUser: ${response.status} ${JSON.stringify(response.body)}`);
  const user = { ...response.body, password: registration.password };
  if (!verifyEmail) return user;
  const verified = await t.request('POST', '/api/auth/verify-email', {
    body: { token: await verificationLinkToken(t, user.id) },
  });
  if (verified.status !== 200)
    throw new Error(`registerUser: verify ${verified.status} ${JSON.stringify(verified.body)}`);
  return { ...user, emailVerified: true };
}

/** The token of the newest verification link the shop mailed the user, as the e-mail carries it. */
export async function verificationLinkToken(t: TestShop, userId: string): Promise<string> {
  const events = await t.deps.store.readStream(streams.user(userId));
  const asked = events.filter((event) => event.type === 'EmailVerificationRequested').at(-1);
  if (!asked) throw new Error(`no verification link was mailed to user ${userId}`);
  const { requestId } = asked.data as { requestId: string };
  return verificationToken(t.deps.signingKey, userId, requestId);
}

/** Signs in through the API; answers the user and a token. */
export async function signIn(t: TestShop, email: string, password: string): Promise<AuthResponse> {
  const response = await t.request<AuthResponse>('POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) throw new Error(`signIn: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * Makes sure an admin exists (as ADMIN_EMAIL/ADMIN_PASSWORD would at start-up) and signs them in.
 * Calling it again with the same e-mail signs the same admin in.
 */
export async function signInAdmin(
  t: TestShop,
  admin: { email?: string; password?: string; name?: string } = {},
): Promise<SignedInUser> {
  const email = admin.email ?? 'admin@example.pk';
  const password = admin.password ?? 'admin password 1';
  await ensureAdmin(t.deps, { name: admin.name ?? 'Shop Admin', email, contact: '', password });
  return { ...(await signIn(t, email, password)), password };
}
