import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_LINK_LIFE_WITHOUT_WINDOW_SECONDS,
  confirmationLink,
  confirmationToken,
  verifyConfirmationToken,
} from './confirmation-link';

const signingKey = new TextEncoder().encode('a-signing-secret-of-at-least-32-characters');
const placed = new Date('2026-03-01T10:00:00.000Z');
const at = (iso: string) => ({ signingKey, clock: () => new Date(iso) });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('confirmation links', () => {
  it('point at the confirm-order page of PUBLIC_URL with a token naming the order', async () => {
    const link = await confirmationLink(
      { signingKey, publicUrl: 'https://shop.example.pk/', clock: () => placed },
      'order-1',
      '2026-03-03T10:00:00.000Z',
    );
    expect(link.startsWith('https://shop.example.pk/confirm-order?token=')).toBe(true);
    expect(await verifyConfirmationToken(at('2026-03-02T10:00:00.000Z'), tokenOf(link))).toEqual({
      orderId: 'order-1',
    });
  });

  it('expire when the window ends', async () => {
    const token = await confirmationToken(at(placed.toISOString()), 'order-1', '2026-03-03T10:00:00.000Z');
    expect(await verifyConfirmationToken(at('2026-03-03T09:59:58.000Z'), token)).toEqual({
      orderId: 'order-1',
    });
    expect(await verifyConfirmationToken(at('2026-03-03T10:00:01.000Z'), token)).toEqual({
      invalid: 'expired',
    });
  });

  it('live a fixed time when the window is off', async () => {
    const token = await confirmationToken(at(placed.toISOString()), 'order-1', null);
    const justBefore = new Date(
      placed.getTime() + (CONFIRMATION_LINK_LIFE_WITHOUT_WINDOW_SECONDS - 2) * 1000,
    );
    const after = new Date(placed.getTime() + (CONFIRMATION_LINK_LIFE_WITHOUT_WINDOW_SECONDS + 2) * 1000);
    expect(await verifyConfirmationToken(at(justBefore.toISOString()), token)).toEqual({
      orderId: 'order-1',
    });
    expect(await verifyConfirmationToken(at(after.toISOString()), token)).toEqual({ invalid: 'expired' });
  });

  it('refuse a token altered, signed with another key, or made for something else', async () => {
    const now = at(placed.toISOString());
    const token = await confirmationToken(now, 'order-1', '2026-03-03T10:00:00.000Z');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'order-2' })).toString('base64url')}.${signature}`;
    const otherKey = await confirmationToken(
      { signingKey: new TextEncoder().encode('another-secret-of-at-least-32-characters!'), clock: now.clock },
      'order-1',
      '2026-03-03T10:00:00.000Z',
    );
    // A sign-in token of the same shop (same key and issuer, no audience) does not confirm anything.
    const sessionLike = await new SignJWT({ sid: 's', sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('order-1')
      .setIssuer('shop')
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(signingKey);
    for (const bad of [altered, otherKey, sessionLike, 'not-a-token', '']) {
      expect(await verifyConfirmationToken(now, bad)).toEqual({ invalid: 'forged' });
    }
  });
});
