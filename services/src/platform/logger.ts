/** Structured one-line JSON logs on stderr; silent in tests unless LOG_LEVEL says otherwise. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stderr.write(l),
): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (rank[at] < rank[level]) return;
    write(
      `${JSON.stringify({ time: new Date().toISOString(), level: at, message, ...serialize(fields) })}\n`,
    );
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function serialize(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) =>
      value instanceof Error
        ? [key, { name: value.name, message: value.message, stack: value.stack }]
        : [key, value],
    ),
  );
}

export const silentLogger: Logger = createLogger('silent');
