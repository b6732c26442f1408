import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The peer of a request made in-process (`app.request`), which has no socket. */
export const IN_PROCESS = 'in-process';

/**
 * The proxies whose `X-Forwarded-For` the shop believes (`TRUSTED_PROXIES`): addresses and CIDR
 * ranges, IPv4 or IPv6. Anyone else's forwarding headers are ignored: any client can send them.
 */
export class TrustedProxies {
  private constructor(
    private readonly list: BlockList,
    /** As configured, for logs and tests. */
    readonly entries: readonly string[],
  ) {}

  /** Parses a comma-separated list (empty: trust no one). Throws naming every entry it cannot read. */
  static parse(text: string | undefined): TrustedProxies {
    const entries = (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const list = new BlockList();
    const invalid: string[] = [];
    for (const entry of entries) {
      const range = parseRange(entry);
      if (!range) invalid.push(entry);
      else if (range.prefix === undefined) list.addAddress(range.address, range.family);
      else list.addSubnet(range.address, range.prefix, range.family);
    }
    if (invalid.length > 0) {
      throw new Error(`not an IP address or CIDR range: ${invalid.map((e) => `'${e}'`).join(', ')}`);
    }
    return new TrustedProxies(list, entries);
  }

  static readonly none = TrustedProxies.parse('');

  trusts(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

function parseRange(
  entry: string,
): { address: string; family: 'ipv4' | 'ipv6'; prefix: number | undefined } | undefined {
  const [rawAddress = '', rawPrefix, ...rest] = entry.split('/');
  const address = normalizeAddress(rawAddress);
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  if (rawPrefix === undefined) return { address, family: family === 4 ? 'ipv4' : 'ipv6', prefix: undefined };
  const prefix = Number(rawPrefix);
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(rawPrefix) || prefix > bits) return undefined;
  return { address, family: family === 4 ? 'ipv4' : 'ipv6', prefix };
}

/**
 * An address as the shop compares it: trimmed, brackets, port and zone dropped, lower-case, and an
 * IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket reports it) as IPv4.
 * Anything that is not an IP address comes back as it was given (trimmed).
 */
export function normalizeAddress(raw: string): string {
  let address = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1]!;
  return address;
}

/**
 * The client's address: the TCP peer, unless the peer is a trusted proxy; then the right-most
 * `X-Forwarded-For` entry that is not itself trusted (docs/rules/accounts.md#client-address). An
 * entry that is not an address stops the walk at the trusted hop that sent it.
 */
export function clientAddress(c: Context, proxies: TrustedProxies): string {
  const peer = peerAddress(c);
  if (!proxies.trusts(peer)) return peer;
  const forwarded = c.req.header('x-forwarded-for');
  if (!forwarded) return peer;
  let nearestTrusted = peer;
  const hops = forwarded.split(',').map(normalizeAddress);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return nearestTrusted;
    if (!proxies.trusts(hop)) return hop;
    nearestTrusted = hop;
  }
  return nearestTrusted;
}

function peerAddress(c: Context): string {
  // getConnInfo needs the Node bindings; a request made in-process (app.request) has none.
  const bindings: unknown = c.env;
  if (!bindings || typeof bindings !== 'object' || !('incoming' in bindings)) return IN_PROCESS;
  return normalizeAddress(getConnInfo(c).remote.address ?? 'unknown');
}

/**
 * What counts as one client when counting attempts: an IPv4 address, or the /64 network of an
 * IPv6 address (one subscriber's network: a client holding a /64 could otherwise try from 2^64
 * addresses).
 */
export function clientNetwork(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const groups =
    tail === undefined
      ? split(head)
      : [
          ...split(head),
          ...Array<string>(8 - split(head).length - split(tail).length).fill('0'),
          ...split(tail),
        ];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
