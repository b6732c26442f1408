import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const SERVICES_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const BUILT_SERVER = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));
/** What the server bundle is built from. */
const SOURCE_DIRS = ['contracts/src', 'projections/src', 'services/src'];

/** Modification time of the newest file under `dir`, 0 when it is empty or missing. */
function newestFile(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  }
  return latest;
}

/**
 * Builds the server bundle (API only; the web build is not needed) when it is missing or older than
 * its sources, so the soak test and the HTTP benchmark never measure yesterday's server.
 */
export function ensureBuiltServer(): void {
  const sources = Math.max(...SOURCE_DIRS.map((dir) => newestFile(`${REPOSITORY}/${dir}`)));
  if (existsSync(BUILT_SERVER) && statSync(BUILT_SERVER).mtimeMs >= sources) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/services'], {
    cwd: REPOSITORY,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm run build -w @shop/services failed');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real built server (`node services/dist/main.js`) as a child process that can be SIGKILLed. */
export class ShopProcess {
  private child: ChildProcess | undefined;
  private output: string[] = [];

  constructor(private readonly env: Record<string, string>) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** The server's process id while it runs (the bench reads its memory from /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const child = spawn(process.execPath, [BUILT_SERVER], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 50) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the shop exited at start:\n${this.recentOutput()}`);
      const ready = await fetch(`${this.baseUrl}/health/ready`, { signal: AbortSignal.timeout(1_000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the shop was not ready within ${timeoutMs} ms:\n${this.recentOutput()}`);
  }

  /** Kills the process at once (no shutdown hooks run) and waits until it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  recentOutput(): string {
    return this.output.join('').slice(-4000);
  }
}

export interface ShopRequest {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A JSON request to a shop over its socket; answers the status and the parsed body. */
export async function callShop<Body = Record<string, unknown>>(
  shop: ShopProcess,
  method: string,
  path: string,
  init: ShopRequest = {},
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Body };
}
