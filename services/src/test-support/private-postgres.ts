import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './shop-process';

export const INSTALL_POSTGRES_HINT =
  "PostgreSQL's server programs (initdb, postgres) were not found in /usr/lib/postgresql/<version>/bin " +
  'nor on PATH. Install them with: apt-get install -y postgresql';

/** A PostgreSQL server of our own: a fresh cluster in a temporary folder, on a free loopback port. */
export interface PrivatePostgres {
  /** Superuser connection string to its `postgres` database. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /**
   * false for tests: nothing is synced to disk (a crash of the test machine loses the cluster, which
   * is thrown away anyway). The benchmark keeps the default, true, so commits cost what they cost.
   */
  fsync?: boolean;
  maxConnections?: number;
}

/**
 * The newest Debian-packaged server programs (`/usr/lib/postgresql/<version>/bin`, whichever versions
 * are installed), else the `initdb` on PATH; undefined when there is none.
 */
export function findPostgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  return onPath ? join(onPath, '..') : undefined;
}

/** uid and gid of the `postgres` user the Debian package creates: initdb refuses to run as root. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      'Running as root, and there is no postgres user to run initdb as. apt-get install -y postgresql',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * initdb into a temporary folder, then the server in the foreground as our child process, listening
 * on 127.0.0.1 only (and a socket in that folder). As root, both run as the `postgres` user.
 * Throws INSTALL_POSTGRES_HINT when no PostgreSQL is installed.
 */
export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = findPostgresBinDir();
  if (!bin) throw new Error(INSTALL_POSTGRES_HINT);
  const asUser = process.getuid?.() === 0 ? postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shop-postgres-'));
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const dataDir = join(dir, 'data');
  const initdb = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    { encoding: 'utf8', cwd: dir, ...asUser },
  );
  if (initdb.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${initdb.stdout}\n${initdb.stderr}`);
  }

  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    max_connections: String(options.maxConnections ?? 200),
    fsync: options.fsync === false ? 'off' : 'on',
    synchronous_commit: options.fsync === false ? 'off' : 'on',
    full_page_writes: options.fsync === false ? 'off' : 'on',
  };
  const server = spawn(
    join(bin, 'postgres'),
    ['-D', dataDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], ...asUser },
  );
  const log: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 100) log.shift();
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(url, server, () => log.join(''));
  } catch (error) {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    async stop() {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAccepting(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited at start:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections in 30 s:\n${log()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** SIGINT is PostgreSQL's fast shutdown: sessions are ended, nothing waits for clients. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    server.kill('SIGKILL');
    await exited;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new, empty database on the server at `adminUrl`; answers its connection string. */
export async function createDatabase(adminUrl: string, prefix = 'shop'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
