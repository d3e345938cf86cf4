// Which network addresses Palisade may connect to (DESIGN.md §6). The service fetches URLs that
// users choose, so every address it would reach is checked here: literal IPs in the URL before
// connecting, and every address a name resolves to at connect time (see guarded-fetch.ts).

import ipaddr from 'ipaddr.js';

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export interface ParsedCidr {
  /** The CIDR as written, for messages. */
  text: string;
  range: [IpAddress, number];
}

// Private, loopback, link-local, shared, benchmarking, multicast and reserved space: nothing a
// public MCP server or webhook receiver lives in, and where cloud metadata and internal admin
// endpoints do.
const BLOCKED_IPV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const BLOCKED_IPV6 = [
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
  // Deprecated site-local space: still routed internally by some networks.
  'fec0::/10',
  'ff00::/8',
  // Teredo hides its IPv4 endpoint (obfuscated), so it cannot be checked: refuse it whole.
  '2001::/32',
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

// IPv6 forms that carry an IPv4 address: the embedded address is what is really reached.
// [prefix, prefix length, bit offset of the embedded IPv4 address within the 128 bits]
const IPV4_EMBEDDING: readonly [ipaddr.IPv6, number, number][] = [
  [ipaddr.IPv6.parse('::ffff:0:0'), 96, 96], // IPv4-mapped
  [ipaddr.IPv6.parse('::'), 96, 96], // IPv4-compatible (deprecated)
  [ipaddr.IPv6.parse('::ffff:0:0:0'), 96, 96], // SIIT (RFC 6145)
  [ipaddr.IPv6.parse('64:ff9b::'), 96, 96], // NAT64 well-known prefix (RFC 6052)
  [ipaddr.IPv6.parse('64:ff9b:1::'), 48, 96], // NAT64 local-use prefix (RFC 8215)
  [ipaddr.IPv6.parse('2002::'), 16, 16], // 6to4
];

/** Parses CIDRs such as `127.0.0.1/32` or `fd00::/8`; a bare address means that one address. */
export function parseCidrList(cidrs: readonly string[]): ParsedCidr[] {
  return cidrs.map((raw) => {
    const text = raw.trim();
    try {
      if (text.includes('/')) return { text, range: ipaddr.parseCIDR(text) };
      const address = ipaddr.parse(text);
      return { text, range: [address, address.kind() === 'ipv4' ? 32 : 128] };
    } catch {
      throw new Error(`"${text}" is not a CIDR range (expected e.g. 127.0.0.1/32).`);
    }
  });
}

function parseIp(ip: string): IpAddress | undefined {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return undefined;
  try {
    return ipaddr.parse(bare);
  } catch {
    return undefined;
  }
}

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  for (const [prefix, bits, offsetBits] of IPV4_EMBEDDING) {
    if (address.match(prefix, bits)) {
      const start = offsetBits / 8;
      return new ipaddr.IPv4(bytes.slice(start, start + 4));
    }
  }
  return undefined;
}

function isInList(address: IpAddress, list: readonly [IpAddress, number][]): boolean {
  return list.some(([base, bits]) => address.kind() === base.kind() && address.match(base, bits));
}

function isAllowlisted(address: IpAddress, allowlist: readonly ParsedCidr[]): boolean {
  return isInList(
    address,
    allowlist.map((c) => c.range),
  );
}

/**
 * True when `ip` must not be connected to: a private or special-use address, any IPv6 form that
 * embeds one, or a string that is not an IP address at all (fail closed). An address inside the
 * allowlist (PALISADE_TARGET_ALLOWLIST) is never blocked; for IPv6 forms that embed an IPv4
 * address the allowlist is also checked against the embedded address.
 */
export function isBlockedAddress(ip: string, allowlist: readonly ParsedCidr[] = []): boolean {
  const address = parseIp(ip);
  if (!address) return true;
  const embedded = address.kind() === 'ipv6' ? embeddedIpv4(address as ipaddr.IPv6) : undefined;
  if (isAllowlisted(address, allowlist) || (embedded && isAllowlisted(embedded, allowlist))) {
    return false;
  }
  if (address.kind() === 'ipv4') return isInList(address, BLOCKED_IPV4);
  if (embedded) return isInList(embedded, BLOCKED_IPV4);
  return isInList(address, BLOCKED_IPV6);
}

export type UrlSyntaxCheck =
  | { ok: true; url: URL }
  | {
      ok: false;
      reason: 'invalid_url' | 'unsupported_scheme' | 'private_target' | 'credentials_in_url';
      message: string;
    };

function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Checks what can be checked without the network: the URL parses, is http(s), carries no
 * credentials, and its host is not a blocked literal IP (in any spelling: WHATWG URL parsing turns
 * `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` into `127.0.0.1`) nor a `localhost` name.
 * Names are checked again, per resolved address, when the connection is made.
 */
export function checkUrlSyntax(url: string, allowlist: readonly ParsedCidr[] = []): UrlSyntaxCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid_url', message: 'The target is not a valid URL.' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return {
      ok: false,
      reason: 'unsupported_scheme',
      message: `The URL scheme ${parsed.protocol} is not supported; use http or https.`,
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return {
      ok: false,
      reason: 'credentials_in_url',
      message: 'The URL must not contain credentials; pass a token separately.',
    };
  }
  const host = parsed.hostname;
  if (host === '') {
    return { ok: false, reason: 'invalid_url', message: 'The URL has no host.' };
  }
  const literal = parseIp(host);
  if (literal) {
    if (isBlockedAddress(host, allowlist)) return privateTarget(host);
    return { ok: true, url: parsed };
  }
  if (isLocalhostName(host)) {
    const loopbackAllowed =
      !isBlockedAddress('127.0.0.1', allowlist) || !isBlockedAddress('::1', allowlist);
    if (!loopbackAllowed) return privateTarget(host);
  }
  return { ok: true, url: parsed };
}

function privateTarget(host: string): UrlSyntaxCheck {
  return { ok: false, reason: 'private_target', message: privateTargetMessage(host) };
}

/**
 * The refusal of a private address, with how to allow a local target on purpose: the service
 * setting and the CLI flag, each with the address's own CIDR.
 */
export function privateTargetMessage(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  const ip = parseIp(bare);
  const cidr = ip
    ? `${bare}/${ip.kind() === 'ipv6' ? 128 : 32}`
    : isLocalhostName(bare)
      ? '127.0.0.1/32'
      : `${bare}/32`;
  return (
    `The target address ${bare} is in a private range and is not scanned. ` +
    `To scan a local target on purpose, allow its range: set PALISADE_TARGET_ALLOWLIST=${cidr} ` +
    `(comma-separated CIDRs) where the service runs, or pass --allow ${cidr} to palisade scan.`
  );
}
