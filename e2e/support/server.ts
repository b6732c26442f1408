import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root; the harness runs the build output found there. */
export const repoRoot = resolve(import.meta.dirname, '../..');

const serverEntry = join(repoRoot, 'services/dist/main.js');
const webEntry = join(repoRoot, 'web/dist/index.html');
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const LOG_LIMIT = 64 * 1024;

export interface TestAdmin {
  email: string;
  password: string;
}

/** A real shop server running as a child process on a free port with its own fresh data folder. */
export interface RunningServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  port: number;
  dataDir: string;
  /** The admin created at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
  admin: TestAdmin;
  /** What the server printed so far (last 64 KiB of stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
}

/**
 * Starts `node services/dist/main.js` as a user would run it, waits until `GET /health/ready`
 * answers 200, and returns a handle to stop it. Fails with the server's output when it exits or is
 * not ready within 30 seconds.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  for (const [file, what] of [
    [serverEntry, 'the server'],
    [webEntry, 'the web app'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} is missing: build ${what} first with \`npm run build\` at the repository root.`,
      );
    }
  }

  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const admin: TestAdmin = { email: 'admin@example.com', password: `e2e-${randomBytes(12).toString('hex')}` };
  const url = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // Links in the shop's e-mails open this server.
      PUBLIC_URL: url,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-LOG_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const stop = async () => {
    await terminate(child, exited);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, exited);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The shop server did not become ready: ${reason}\n--- server output ---\n${output || '(none)'}`,
    );
  }

  return { url, port, dataDir, admin, output: () => output, stop };
}

async function waitUntilReady(url: string, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  let lastStatus = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`it exited with code ${exitCode}`);
    try {
      const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastStatus = `GET /health/ready answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s (last: ${lastStatus})`);
}

async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}
