import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, uploadsDirOf } from './config';
import { resolveSigningSecret } from './secret';
import { whatsAppSettingsFrom } from './whatsapp-settings';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      EVENT_STORE: 'sqlite',
      DURABILITY: 'durable',
      SEED_DEMO: 'true',
    });
  });

  it('names every mistaken variable in one error', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', DURABILITY: 'fast', JWT_SECRET: 'short', ADMIN_EMAIL: 'a@b.pk' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain("PORT must be a whole number from 1 to 65535 (got 'abc')");
      expect(problems).toContain("DURABILITY must be 'durable'");
      expect(problems).toContain(
        "JWT_SECRET must be at least 32 characters (or leave it unset to generate one) (got '***')",
      );
      expect(problems).toContain(
        'ADMIN_PASSWORD is required: ADMIN_EMAIL and ADMIN_PASSWORD must be given together',
      );
    }
  });

  it('requires ESDB_URL with EVENT_STORE=esdb', () => {
    expect(() => loadConfig({ EVENT_STORE: 'esdb' })).toThrow(/ESDB_URL is required when EVENT_STORE=esdb/);
  });

  it('takes the mail settings, and names a mistake in each without showing the password', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://shop:s3cret@smtp.example.pk:465',
        MAIL_FROM: 'Apex Athletics <orders@example.pk>',
        PUBLIC_URL: 'https://shop.example.pk',
      }),
    ).toMatchObject({
      SMTP_URL: 'smtps://shop:s3cret@smtp.example.pk:465',
      PUBLIC_URL: 'https://shop.example.pk',
    });
    const problems = problemsOf({
      SMTP_URL: 'http://shop:s3cret@smtp.example.pk',
      MAIL_FROM: 'orders at example.pk',
      PUBLIC_URL: 'shop.example.pk',
    });
    expect(problems).toContain('SMTP_URL must be smtp://user:password@host:port or smtps://');
    expect(problems).toContain("(got 'http://shop:***@smtp.example.pk')");
    expect(problems).not.toContain('s3cret');
    expect(problems).toContain(
      "MAIL_FROM must be an e-mail address, alone or as 'Shop Name <shop@example.pk>'",
    );
    expect(problems).toContain(
      "PUBLIC_URL must be an absolute URL such as https://shop.example.pk (got 'shop.example.pk')",
    );
  });

  it('requires MAIL_FROM with SMTP_URL', () => {
    expect(problemsOf({ SMTP_URL: 'smtp://relay.example.pk:25' })).toContain(
      'MAIL_FROM is required when SMTP_URL is set',
    );
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });

  it('turns WhatsApp on with a token and a sender together, with default templates, and never echoes the token', () => {
    expect(whatsAppSettingsFrom(loadConfig({}))).toBeUndefined();
    expect(
      whatsAppSettingsFrom(
        loadConfig({
          WHATSAPP_TOKEN: 'EAAG-a-long-enough-token-123',
          WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
        }),
      ),
    ).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      phoneNumberId: '106540352242922',
      token: 'EAAG-a-long-enough-token-123',
      language: 'en',
      templates: {
        confirmation: 'order_confirmation_request',
        reminder: 'order_confirmation_reminder',
        dispatched: 'order_dispatched',
      },
    });
    expect(problemsOf({ WHATSAPP_TOKEN: 'EAAG-a-long-enough-token-123' })).toContain(
      'WHATSAPP_PHONE_NUMBER_ID is required: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID turn WhatsApp on together',
    );
    const problems = problemsOf({
      WHATSAPP_TOKEN: 'short-secret',
      WHATSAPP_PHONE_NUMBER_ID: '+92 300 1234567',
      WHATSAPP_TEMPLATE_REMINDER: 'Order Reminder',
      WHATSAPP_LANGUAGE: 'English',
    });
    expect(problems).toContain("WHATSAPP_TOKEN must be a WhatsApp Cloud API access token (got '***')");
    expect(problems).not.toContain('short-secret');
    expect(problems).toContain("WHATSAPP_PHONE_NUMBER_ID must be the sender's phone number ID");
    expect(problems).toContain('WHATSAPP_TEMPLATE_REMINDER must be a template name');
    expect(problems).toContain('WHATSAPP_LANGUAGE must be a template language code such as en, en_US or ur');
  });

  it('reads TRUSTED_PROXIES as addresses and ranges, and names the entries it cannot read', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toBe('');
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12, fd00::/8' }).TRUSTED_PROXIES).toBe(
      '10.0.0.1, 172.16.0.0/12, fd00::/8',
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, nginx, 10.0.0.0/40' })).toThrow(
      "TRUSTED_PROXIES must list addresses or CIDR ranges, not an IP address or CIDR range: 'nginx', '10.0.0.0/40'",
    );
  });

  it('requires POSTGRES_URL with EVENT_STORE=postgres, and never echoes it', () => {
    expect(() => loadConfig({ EVENT_STORE: 'postgres' })).toThrow(
      /POSTGRES_URL is required when EVENT_STORE=postgres/,
    );
    expect(() => loadConfig({ POSTGRES_URL: 'mysql://shop:hunter22@db/shop' })).toThrow(
      "POSTGRES_URL must be a postgres:// or postgresql:// connection string (got '***')",
    );
    expect(() => loadConfig({ POSTGRES_POOL_SIZE: '0' })).toThrow(
      /POSTGRES_POOL_SIZE must be a whole number/,
    );
    expect(
      loadConfig({ EVENT_STORE: 'postgres', POSTGRES_URL: 'postgresql://shop@db:5432/shop' }),
    ).toMatchObject({ EVENT_STORE: 'postgres', POSTGRES_POOL_SIZE: 10 });
  });

  it('puts uploads in DATA_DIR/uploads unless UPLOADS_DIR names a folder, which instances may share', () => {
    expect(uploadsDirOf(loadConfig({ DATA_DIR: '/srv/shop' }))).toBe(join('/srv/shop', 'uploads'));
    expect(uploadsDirOf(loadConfig({ DATA_DIR: '/srv/shop', UPLOADS_DIR: '/mnt/shared/uploads' }))).toBe(
      '/mnt/shared/uploads',
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', JWT_SECRET: '' }).PORT).toBe(3000);
  });
});

function problemsOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n');
    throw error;
  }
  return '';
}

describe('resolveSigningSecret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a secret once, keeps it private in DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-'));
    dirs.push(dir);
    const first = resolveSigningSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSigningSecret(dir, undefined)).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('prefers the given secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-'));
    dirs.push(dir);
    expect(resolveSigningSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  });
});
