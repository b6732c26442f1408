import { join } from 'node:path';
import { DEFAULT_SHIPPING, MOBILE_PATTERN, PHONE_PATTERN, shopConfig } from '@shop/contracts';
import { z } from 'zod';
import { TrustedProxies } from '../http/client-address';
import { IBAN_SHAPE } from './iban';

const durability = z.enum(['durable', 'relaxed'], {
  error: "must be 'durable' (every acknowledged write is on disk) or 'relaxed'",
});

/** `shop@example.pk` or `Shop Name <shop@example.pk>`. */
const MAILBOX = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An amount in PKR as the owner writes it: `1500` or `199.50`. */
const amount = (fallback: number) =>
  z.coerce
    .number({ error: 'must be an amount in rupees, such as 1500 or 199.50' })
    .finite('must be an amount in rupees, such as 1500 or 199.50')
    .min(0, 'must not be negative')
    .max(1_000_000, 'must be at most 1,000,000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'must have at most 2 decimals' })
    .default(fallback);

const mobile = (what: string) =>
  z.string().trim().regex(MOBILE_PATTERN, `must be a Pakistani mobile number such as 0300-1234567 (${what})`);

/** A WhatsApp message template's name as registered with Meta: lower-case letters, digits, underscores. */
const templateName = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lower-case letters, digits and underscores')
    .default(fallback);

const DURATION = /^(?:off|\d{1,7}[smhd])$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90s`, `30m`, `48h` or `2d` in milliseconds. */
export function durationMs(text: string): number {
  return Number(text.slice(0, -1)) * UNIT_MS[text.slice(-1) as keyof typeof UNIT_MS];
}

const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must be a folder path').default('./data'),
  EVENT_STORE: z
    .enum(['sqlite', 'esdb', 'postgres'], { error: "must be 'sqlite', 'esdb' or 'postgres'" })
    .default('sqlite'),
  ESDB_URL: z
    .string()
    .regex(/^esdb(\+discover)?:\/\//, 'must be an esdb:// or esdb+discover:// connection string')
    .optional(),
  POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  POSTGRES_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(10),
  /** Default: DATA_DIR/uploads (see uploadsDirOf). Several instances may share one folder. */
  UPLOADS_DIR: z.string().min(1, 'must be a folder path').optional(),
  DURABILITY: durability.default('durable'),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (or leave it unset to generate one)')
    .optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .refine(
      isSmtpUrl,
      'must be smtp://user:password@host:port or smtps://user:password@host:port (or leave it unset to write .eml files to DATA_DIR/outbox)',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(MAILBOX, "must be an e-mail address, alone or as 'Shop Name <shop@example.pk>'")
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.pk' }).optional(),
  /** Comma-separated addresses or CIDR ranges of the reverse proxies in front of the shop. */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .superRefine((text, ctx) => {
      try {
        TrustedProxies.parse(text);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `must list addresses or CIDR ranges, ${(error as Error).message}`,
        });
      }
    }),
  SHOP_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').default(shopConfig.name),
  FREE_SHIPPING_OVER: amount(DEFAULT_SHIPPING.freeShippingOver),
  SHIPPING_FEE: amount(DEFAULT_SHIPPING.shippingFee),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, 'must be a Pakistani phone number such as 0300-1234567 or +92 42 1234567')
    .optional(),
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  WHATSAPP_CHAT_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// link, such as https://wa.me/923001234567' })
    .optional(),
  WHATSAPP_TOKEN: z.string().trim().min(20, 'must be a WhatsApp Cloud API access token').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, "must be the sender's phone number ID (digits) from Meta's WhatsApp Manager")
    .optional(),
  WHATSAPP_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s):// URL such as https://graph.facebook.com/v21.0',
    })
    .default('https://graph.facebook.com/v21.0'),
  WHATSAPP_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a template language code such as en, en_US or ur')
    .default('en'),
  WHATSAPP_TEMPLATE_CONFIRMATION: templateName('order_confirmation_request'),
  WHATSAPP_TEMPLATE_REMINDER: templateName('order_confirmation_reminder'),
  WHATSAPP_TEMPLATE_DISPATCHED: templateName('order_dispatched'),
  PAYMENT_ACCOUNT_TITLE: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  JAZZCASH_NUMBER: mobile('the JazzCash wallet').optional(),
  EASYPAISA_NUMBER: mobile('the EasyPaisa wallet').optional(),
  BANK_IBAN: z
    .string()
    .trim()
    .regex(IBAN_SHAPE, 'must be an IBAN such as PK36 SCBL 0000 0011 2345 6702')
    .optional(),
  RAAST_ID: z
    .string()
    .trim()
    .refine((v) => IBAN_SHAPE.test(v) || MOBILE_PATTERN.test(v), {
      error: 'must be an IBAN or a Raast alias (a mobile number such as 0300-1234567)',
    })
    .optional(),
  /** How long a cash-on-delivery order may await confirmation: `48h`, `90s`, `30m`, `2d`, or `off`. */
  COD_CONFIRMATION_WINDOW: z
    .string()
    .trim()
    .regex(DURATION, "must be a duration such as 48h, 30m or 90s (at least 10s), or 'off'")
    // Only a readable duration is measured: an unreadable one is named once, by the pattern.
    .refine((text) => !DURATION.test(text) || text === 'off' || durationMs(text) >= 10_000, {
      error: "must be a duration such as 48h, 30m or 90s (at least 10s), or 'off'",
    })
    .default('48h'),
  /** Refused parcels on an account or phone number after which cash on delivery is not offered. */
  COD_REFUSAL_LIMIT: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int('must be a whole number from 1 to 100')
    .min(1, 'must be a whole number from 1 to 100')
    .max(100, 'must be a whole number from 1 to 100')
    .default(2),
  /** JazzCash hosted checkout (decision 030): all four together turn it on; none, it is off. */
  JAZZCASH_MERCHANT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,30}$/, 'must be the merchant ID from the JazzCash portal, such as MC12345')
    .optional(),
  JAZZCASH_PASSWORD: z.string().trim().min(1, 'must be the password from the JazzCash portal').optional(),
  JAZZCASH_INTEGRITY_SALT: z
    .string()
    .trim()
    .min(8, 'must be the integrity salt from the JazzCash portal (at least 8 characters)')
    .optional(),
  JAZZCASH_API_URL: z
    .url({
      protocol: /^https?$/,
      error:
        "must be JazzCash's address, such as https://sandbox.jazzcash.com.pk or https://payments.jazzcash.com.pk",
    })
    .optional(),
  /** How long after it began a JazzCash payment that never came back is asked about. */
  PAYMENT_INQUIRY_AFTER: z
    .string()
    .trim()
    .regex(/^\d{1,7}[smhd]$/, 'must be a duration such as 15m, 90s or 1h')
    .default('15m'),
  /** How often the pending payments are asked about. */
  PAYMENT_INQUIRY_INTERVAL: z
    .string()
    .trim()
    .regex(/^\d{1,7}[smhd]$/, 'must be a duration such as 5m, 30s or 1h')
    .refine((text) => !/^\d{1,7}[smhd]$/.test(text) || durationMs(text) >= 1_000, {
      error: 'must be at least 1s',
    })
    .default('5m'),
  POSTEX_TOKEN: z.string().trim().min(8, "must be the merchant API token from PostEx's portal").optional(),
  /** The `addressCode` of a pickup address registered with PostEx (`001`). */
  POSTEX_PICKUP_ADDRESS_CODE: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{1,20}$/, "must be a pickup address code from PostEx's portal, such as 001")
    .optional(),
  POSTEX_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s):// URL such as https://api.postex.pk/services/integration/api/order',
    })
    .default('https://api.postex.pk/services/integration/api/order'),
  TRAX_API_KEY: z.string().trim().min(8, "must be the API key from Trax's merchant portal").optional(),
  TRAX_PICKUP_ADDRESS_ID: z.coerce
    .number({ error: 'must be the id (a whole number) of a pickup address registered with Trax' })
    .int('must be the id (a whole number) of a pickup address registered with Trax')
    .positive('must be the id (a whole number) of a pickup address registered with Trax')
    .optional(),
  /** The secret part of the webhook address given to Trax: `/api/webhooks/trax/{secret}`. */
  TRAX_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _ (it is part of a URL)')
    .optional(),
  TRAX_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL such as https://sonic.pk' })
    .default('https://sonic.pk'),
  CUSTOMER_COUNT_CLAIM: z.string().trim().min(1).max(20, 'must be at most 20 characters').optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Every environment variable the shop reads (deployment files are checked against it). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape) as (keyof Config)[];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads the configuration from environment variables. Empty strings count as unset.
 * Throws ConfigError listing every mistake, one line each, naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = Object.fromEntries(
    Object.keys(ConfigSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const result = ConfigSchema.safeParse(input);
  const problems = [
    ...(result.error?.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      const got = key in input ? ` (got '${redact(key, String(input[key]))}')` : '';
      return `${key} ${issue.message}${got}`;
    }) ?? []),
    ...crossFieldProblems(input),
  ];
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

function crossFieldProblems(input: Record<string, string>): string[] {
  const problems: string[] = [];
  if (input.EVENT_STORE === 'esdb' && !input.ESDB_URL)
    problems.push('ESDB_URL is required when EVENT_STORE=esdb');
  if (input.EVENT_STORE === 'postgres' && !input.POSTGRES_URL)
    problems.push('POSTGRES_URL is required when EVENT_STORE=postgres');
  if (Boolean(input.ADMIN_EMAIL) !== Boolean(input.ADMIN_PASSWORD)) {
    const missing = input.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    problems.push(`${missing} is required: ADMIN_EMAIL and ADMIN_PASSWORD must be given together`);
  }
  if (Boolean(input.WHATSAPP_TOKEN) !== Boolean(input.WHATSAPP_PHONE_NUMBER_ID)) {
    const missing = input.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN';
    problems.push(
      `${missing} is required: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID turn WhatsApp on together`,
    );
  }
  if (Boolean(input.POSTEX_TOKEN) !== Boolean(input.POSTEX_PICKUP_ADDRESS_CODE)) {
    const missing = input.POSTEX_TOKEN ? 'POSTEX_PICKUP_ADDRESS_CODE' : 'POSTEX_TOKEN';
    problems.push(
      `${missing} is required: POSTEX_TOKEN and POSTEX_PICKUP_ADDRESS_CODE turn PostEx on together`,
    );
  }
  const trax = ['TRAX_API_KEY', 'TRAX_PICKUP_ADDRESS_ID', 'TRAX_WEBHOOK_SECRET'];
  const traxGiven = trax.filter((key) => input[key]);
  if (traxGiven.length > 0 && traxGiven.length < trax.length) {
    const missing = trax.filter((key) => !input[key]);
    const verb = missing.length === 1 ? 'is' : 'are';
    problems.push(`${missing.join(' and ')} ${verb} required: ${trax.join(', ')} turn Trax on together`);
  }
  if (input.SMTP_URL && !input.MAIL_FROM)
    problems.push('MAIL_FROM is required when SMTP_URL is set: the address the shop sends from');
  const accounts = ['JAZZCASH_NUMBER', 'EASYPAISA_NUMBER', 'BANK_IBAN', 'RAAST_ID'].filter(
    (key) => input[key],
  );
  if (accounts.length > 0 && !input.PAYMENT_ACCOUNT_TITLE) {
    problems.push(
      `PAYMENT_ACCOUNT_TITLE is required with ${accounts.join(', ')}: shoppers check the name before they pay`,
    );
  }
  const jazzCash = [
    'JAZZCASH_MERCHANT_ID',
    'JAZZCASH_PASSWORD',
    'JAZZCASH_INTEGRITY_SALT',
    'JAZZCASH_API_URL',
  ];
  const given = jazzCash.filter((key) => input[key]);
  if (given.length > 0 && given.length < jazzCash.length) {
    const missing = jazzCash.filter((key) => !input[key]);
    problems.push(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required: ${jazzCash.join(', ')} turn JazzCash on together`,
    );
  }
  return problems;
}

/**
 * What links in messages start with, without a trailing slash: PUBLIC_URL, else this machine's port
 * (fine on a laptop; the start-up log warns).
 */
export function publicUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Where uploaded pictures go: UPLOADS_DIR, else DATA_DIR/uploads. */
export function uploadsDirOf(config: Pick<Config, 'DATA_DIR' | 'UPLOADS_DIR'>): string {
  return config.UPLOADS_DIR ?? join(config.DATA_DIR, 'uploads');
}

function redact(key: string, value: string): string {
  if (/SECRET|PASSWORD|TOKEN|SALT|API_KEY|POSTGRES_URL/.test(key)) return '***';
  // A connection URL's password (user:password@host) never reaches a log.
  return key.endsWith('_URL') ? value.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@') : value;
}
