import ipaddr from 'ipaddr.js';
import { type HostLookup, systemHostLookup } from '../../net/host-lookup.ts';

// A webhook URL is typed by an organization owner but fetched by the server, from inside its network:
// without these checks it would reach the cloud's metadata service, the database or an admin page on
// loopback (server-side request forgery). The URL is checked when it is saved (a clear 400) and the
// address is checked again at every send, after DNS resolution, and the connection goes to the very
// address checked: a name that resolved to a public address at creation and to 127.0.0.1 now (DNS
// rebinding) is refused.

/** The URL or its address may not be used; the message is shown to the owner and kept in the log. */
export class UnsafeTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}

/** Only http and https, a host, no user name or password (they would be sent to whoever answers). */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeTargetError('The URL is not a valid address, for example https://example.com/hooks.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsafeTargetError('The URL must start with http:// or https://.');
  if (url.username || url.password)
    throw new UnsafeTargetError('The URL may not contain a user name or password.');
  if (!url.hostname) throw new UnsafeTargetError('The URL has no host.');
  return url;
}

/**
 * Public unicast only. ipaddr.js names every special range (loopback, private, link-local with the
 * 169.254.169.254 metadata service, unique-local, CGNAT, multicast, unspecified, reserved, and the
 * IPv6 forms that embed an IPv4 address); `process` turns an IPv4-mapped IPv6 address into the IPv4
 * address it stands for, so ::ffff:127.0.0.1 is loopback.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  // ::/96, "IPv4-compatible" (deprecated): ipaddr.js calls ::7f00:1 unicast, yet the URL parser writes
  // [::127.0.0.1] so and a host's stack may route it to 127.0.0.1. None of it is a public target.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0))
    return false;
  // The other forms that embed an IPv4 address (mapped ::ffff:0:0/96 once processed into IPv4, the
  // translated ::ffff:0:0:0/96, NAT64's 64:ff9b::/96 and 64:ff9b:1::/48, 6to4's 2002::/16, Teredo)
  // are ranges of their own in ipaddr.js, never 'unicast'.
  return ipaddr.process(address).range() === 'unicast';
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** A URL's hostname without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The address to connect to: the literal, or what the name resolves to now. Every resolved address
 * must be allowed (a name answering both a public and a private address is refused), unless private
 * targets are allowed by WEBHOOKS_ALLOW_PRIVATE.
 */
export async function resolveTarget(
  url: URL,
  allowPrivate: boolean,
  lookup: HostLookup = systemHostLookup,
): Promise<CheckedAddress> {
  const host = bareHost(url);
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new UnsafeTargetError(`The host ${host} could not be found.`);
    }
  }
  const first = addresses[0];
  if (!first) throw new UnsafeTargetError(`The host ${host} could not be found.`);
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      throw new UnsafeTargetError(
        `The URL points to a private or local address (${refused.address}): webhooks go to public addresses only.`,
      );
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
