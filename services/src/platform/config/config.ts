import { z } from 'zod';

const durability = z.enum(['durable', 'relaxed'], {
  error: "must be 'durable' (every acknowledged write is on disk) or 'relaxed'",
});

const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must be a folder path').default('./data'),
  EVENT_STORE: z.enum(['sqlite', 'esdb'], { error: "must be 'sqlite' or 'esdb'" }).default('sqlite'),
  ESDB_URL: z
    .string()
    .regex(/^esdb(\+discover)?:\/\//, 'must be an esdb:// or esdb+discover:// connection string')
    .optional(),
  DURABILITY: durability.default('durable'),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (or leave it unset to generate one)')
    .optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.pk' }).optional(),
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
  if (Boolean(input.ADMIN_EMAIL) !== Boolean(input.ADMIN_PASSWORD)) {
    const missing = input.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    problems.push(`${missing} is required: ADMIN_EMAIL and ADMIN_PASSWORD must be given together`);
  }
  return problems;
}

function redact(key: string, value: string): string {
  return /SECRET|PASSWORD/.test(key) ? '***' : value;
}
