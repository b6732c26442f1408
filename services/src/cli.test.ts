import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from './platform/eventstore/sqlite/sqlite-event-store';
import { findEmailOwner } from './slices/accounts/email-claims';
import { loadUser } from './slices/accounts/load-user';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run admin -- create <email>` as an operator types it, answers piped to its prompts. */
function adminCreate(email: string, answers: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'admin', 'create', email], {
    input: answers.map((answer) => `${answer}\n`).join(''),
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, EVENT_STORE: 'sqlite' },
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

async function accountOf(email: string) {
  const store = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  try {
    const owner = await findEmailOwner(store, email);
    return owner ? await loadUser(store, owner) : undefined;
  } finally {
    await store.close();
  }
}

describe('npm run admin -- create <email>', () => {
  it('creates an administrator from the name and password it asks for, then leaves them be', async () => {
    const created = adminCreate('Owner@Example.pk', ['Shop Owner', 'a long password', 'a long password']);
    expect(created).toMatchObject({ status: 0 });
    expect(created.out).toContain('Created the administrator owner@example.pk.');
    expect(await accountOf('owner@example.pk')).toMatchObject({
      status: 'registered',
      name: 'Shop Owner',
      isAdmin: true,
    });

    const again = adminCreate('owner@example.pk', []);
    expect(again.out).toContain('owner@example.pk is already an administrator. Nothing was changed.');
  }, 120_000);

  it('refuses a short password, a mistyped repeat and a malformed e-mail, and writes nothing', async () => {
    const short = adminCreate('owner@example.pk', ['Shop Owner', 'short', 'short']);
    expect(short.status).toBe(1);
    expect(short.out).toMatch(/8 characters/);
    const mistyped = adminCreate('owner@example.pk', ['Shop Owner', 'a long password', 'a long passwore']);
    expect(mistyped.status).toBe(1);
    expect(mistyped.out).toContain('The passwords do not match. Nothing was changed.');
    const malformed = adminCreate('not-an-email', []);
    expect(malformed.status).toBe(1);
    expect(malformed.out).toContain('Usage: npm run admin -- create <email>');
    expect(await accountOf('owner@example.pk')).toBeUndefined();
  }, 120_000);
});
