import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The token signing secret: JWT_SECRET when given, else one generated once and kept in
 * DATA_DIR/jwt-secret (mode 0600) so tokens survive restarts.
 */
export function resolveSigningSecret(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
