import type { Writable } from 'node:stream';

/** Where an operator command writes: data to `out`, messages and progress to `err` (so `out` can be piped). */
export interface CommandIo {
  out: Writable;
  err: Writable;
  /** Progress bars only on a terminal. */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): CommandIo => ({
  out: process.stdout,
  err: process.stderr,
  interactive: Boolean(process.stderr.isTTY),
  env: process.env,
});

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `--name value` and `--flag` options after the positional arguments. */
export function parseOptions(
  args: readonly string[],
  known: { values: readonly string[]; flags?: readonly string[] },
): { positional: string[]; values: Map<string, string>; flags: Set<string> } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (known.flags?.includes(name)) flags.add(name);
    else if (known.values.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      values.set(name, value);
    } else throw new UsageError(`Unknown option --${name}`);
  }
  return { positional, values, flags };
}

/** A progress bar on stderr when it is a terminal; silent otherwise. */
export function progressBar(io: CommandIo, label: string) {
  let last = 0;
  return {
    update(done: number, total: number) {
      if (!io.interactive) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const width = 30;
      const filled = Math.round(ratio * width);
      io.err.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done}/${total}`,
      );
    },
    done() {
      if (io.interactive) io.err.write('\n');
    },
  };
}

/** Left-aligned text columns, for a terminal. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
