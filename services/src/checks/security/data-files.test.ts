import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEventStore } from '../../operations/backup/backup';
import { callShop, ensureBuiltServer, freePort, ShopProcess } from '../../test-support/shop-process';

// The real built server started in a DATA_DIR another local user could read (0755, an old 0644
// e-mail in its outbox), as a shop upgraded from before the rule would find it.
const ADMIN = { email: 'owner@example.pk', password: 'a long owner passphrase' };
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

let root: string;
let dataDir: string;
let shop: ShopProcess;

beforeAll(async () => {
  ensureBuiltServer();
  root = mkdtempSync(join(tmpdir(), 'shop-data-files-'));
  dataDir = join(root, 'data');
  mkdirSync(join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'outbox'), 0o755);
  writeFileSync(join(dataDir, 'outbox', 'written-before.eml'), 'Subject: old\n\nan old reset link\n', {
    mode: 0o644,
  });
  shop = new ShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  await shop.start();
}, 240_000);

afterAll(async () => {
  await shop?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

async function waitForNewEmail(): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries += 1) {
    const fresh = readdirSync(outbox).filter(
      (name) => name.endsWith('.eml') && name !== 'written-before.eml',
    );
    if (fresh[0]) return join(outbox, fresh[0]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail reached ${outbox}`);
}

describe('the files in DATA_DIR are for the shop user only', () => {
  it('tightens an existing DATA_DIR to 0700 and what was in it to 0600, and says so', () => {
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(join(dataDir, 'outbox'))).toBe('700');
    expect(modeOf(join(dataDir, 'outbox', 'written-before.eml'))).toBe('600');
    expect(shop.recentOutput()).toContain('DATA_DIR was readable by other local users');
  });

  it('creates the event store, the read models, their -wal/-shm and the signing secret 0600', () => {
    for (const name of ['events.sqlite', 'read-models.sqlite', 'jwt-secret']) {
      expect({ name, mode: modeOf(join(dataDir, name)) }).toEqual({ name, mode: '600' });
    }
    const journals = readdirSync(dataDir).filter((name) => /-(wal|shm)$/.test(name));
    expect(journals.length).toBeGreaterThan(0);
    for (const name of journals)
      expect({ name, mode: modeOf(join(dataDir, name)) }).toEqual({ name, mode: '600' });
    expect(modeOf(join(dataDir, 'uploads'))).toBe('700');
  });

  it('writes a password-reset e-mail into the outbox 0600', async () => {
    const asked = await callShop(shop, 'POST', '/api/auth/forgot-password', { body: { email: ADMIN.email } });
    expect(asked.status).toBe(202);
    const email = await waitForNewEmail();
    expect(modeOf(email)).toBe('600');
  });

  it('makes a backup 0600 in a 0700 backups folder', async () => {
    const { file } = await backupEventStore({ dataDir });
    expect(existsSync(file)).toBe(true);
    expect(modeOf(file)).toBe('600');
    expect(modeOf(join(dataDir, 'backups'))).toBe('700');
  });
});
