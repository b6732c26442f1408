import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordResetToken, requestIdOfResetToken } from './reset-token';

const key = new TextEncoder().encode('a-signing-secret-of-32-characters-or-more');
const otherKey = new TextEncoder().encode('another-signing-secret-of-32-characters');
const REQUEST = '0190f3a2-7c1e-7b3a-9d4e-2f6a8b1c3d5e';

describe('password reset tokens', () => {
  it("are the request id and the HMAC-SHA256 of 'password-reset:' and it, in base64url", () => {
    const mac = createHmac('sha256', key).update(`password-reset:${REQUEST}`).digest('base64url');
    expect(passwordResetToken(key, REQUEST)).toBe(`${REQUEST}.${mac}`);
  });

  it('name their request when the HMAC is right', () => {
    expect(requestIdOfResetToken(key, passwordResetToken(key, REQUEST))).toBe(REQUEST);
    // A request id may itself hold dots: the MAC is what follows the last one.
    expect(requestIdOfResetToken(key, passwordResetToken(key, 'a.b'))).toBe('a.b');
  });

  it('name nothing when forged, altered, cut or malformed', () => {
    const token = passwordResetToken(key, REQUEST);
    const mac = token.slice(token.lastIndexOf('.') + 1);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      passwordResetToken(otherKey, REQUEST),
      `${REQUEST}.${flipped}`,
      `${REQUEST.replace('0', '1')}.${mac}`,
      `${REQUEST}.${mac.slice(0, -1)}`,
      `${REQUEST}.${mac}A`,
      `${REQUEST}.`,
      `.${mac}`,
      REQUEST,
      mac,
      '',
      // A token for the empty request id: nothing before the dot names no request.
      passwordResetToken(key, ''),
    ]) {
      expect(requestIdOfResetToken(key, bad), bad).toBeUndefined();
    }
  });
});
