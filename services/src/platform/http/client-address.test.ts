import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientNetwork, IN_PROCESS, normalizeAddress, TrustedProxies } from './client-address';

/** The address the shop sees for a request from `peer` carrying `forwarded` as X-Forwarded-For. */
async function seen(trusted: string, peer: string | undefined, forwarded?: string): Promise<string> {
  const proxies = TrustedProxies.parse(trusted);
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, proxies)));
  const headers = forwarded === undefined ? undefined : { 'x-forwarded-for': forwarded };
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return (await app.request('/', { headers }, env)).text();
}

describe('TrustedProxies', () => {
  it('reads addresses and CIDR ranges of both families, and trusts nothing else', () => {
    const proxies = TrustedProxies.parse(' 10.0.0.1, 172.16.0.0/12 ,fd00::/8,::1, ::ffff:192.0.2.9');
    expect(proxies.entries).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', '::1', '::ffff:192.0.2.9']);
    for (const address of ['10.0.0.1', '172.16.0.1', '172.31.255.255', 'fd12::7', '::1', '192.0.2.9']) {
      expect(proxies.trusts(address), address).toBe(true);
    }
    for (const address of ['10.0.0.2', '172.32.0.1', 'fe80::1', '::2', 'not-an-ip', IN_PROCESS, '']) {
      expect(proxies.trusts(address), address).toBe(false);
    }
  });

  it('trusts no one when empty', () => {
    expect(TrustedProxies.parse('').trusts('127.0.0.1')).toBe(false);
    expect(TrustedProxies.parse(undefined).entries).toEqual([]);
    expect(TrustedProxies.none.trusts('::1')).toBe(false);
  });

  it('refuses, naming each, an entry that is not an address or a range', () => {
    for (const bad of [
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1/8/8',
      'proxy.internal',
      '10.0.0.0/x',
      '10.0.0.0/',
    ]) {
      expect(() => TrustedProxies.parse(`10.0.0.1,${bad}`), bad).toThrow(`'${bad}'`);
    }
    expect(() => TrustedProxies.parse('a, b')).toThrow("not an IP address or CIDR range: 'a', 'b'");
  });
});

describe('normalizeAddress', () => {
  it('drops brackets, ports, zones and the IPv4-in-IPv6 mapping', () => {
    expect(normalizeAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeAddress('unknown')).toBe('unknown');
  });
});

describe('clientAddress', () => {
  it('is the peer when the peer is not a trusted proxy, whatever it forwards', async () => {
    expect(await seen('', '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
    expect(await seen('10.0.0.1', '198.51.100.4', '203.0.113.7, 10.0.0.1')).toBe('198.51.100.4');
    expect(await seen('', '::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('behind a trusted proxy, is the right-most forwarded entry that is not trusted', async () => {
    expect(await seen('10.0.0.1', '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    // A client's own X-Forwarded-For comes first; the proxy appends the peer it saw.
    expect(await seen('10.0.0.1', '10.0.0.1', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    // Two proxies in a row, both trusted.
    expect(await seen('10.0.0.0/24', '10.0.0.1', '1.2.3.4, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(await seen('::1', '::1', '2001:db8::5')).toBe('2001:db8::5');
  });

  it('behind a trusted proxy, is the proxy itself without a forwarding header', async () => {
    expect(await seen('10.0.0.1', '10.0.0.1')).toBe('10.0.0.1');
    expect(await seen('10.0.0.1', '10.0.0.1', '')).toBe('10.0.0.1');
  });

  it('is the left-most entry when every hop is trusted', async () => {
    expect(await seen('10.0.0.0/24', '10.0.0.1', '10.0.0.3, 10.0.0.2')).toBe('10.0.0.3');
  });

  it('stops at the trusted hop that forwarded something that is not an address', async () => {
    expect(await seen('10.0.0.0/24', '10.0.0.1', 'evil, 10.0.0.2')).toBe('10.0.0.2');
    expect(await seen('10.0.0.1', '10.0.0.1', '1.2.3.4, garbage')).toBe('10.0.0.1');
  });

  it('is in-process for a request without a socket', async () => {
    expect(await seen('10.0.0.1', undefined, '203.0.113.7')).toBe(IN_PROCESS);
  });
});

describe('clientNetwork', () => {
  it('keeps an IPv4 address and groups IPv6 by its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:0db8:00ab:0001::1')).toBe('2001:db8:ab:1::/64');
    expect(clientNetwork('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientNetwork('2001:db8:1:2:3:4:192.0.2.33')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork(IN_PROCESS)).toBe(IN_PROCESS);
  });
});
