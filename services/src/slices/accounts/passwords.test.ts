import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores a self-describing scrypt hash with a random salt, never the password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain('correct horse');
    expect(a).not.toBe(b);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('refuses a malformed or runaway hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$a2V5')).toBe(false);
    expect(await verifyAgainstDecoy('anything')).toBe(false);
  });
});
