import { isIPv6 } from 'node:net';
import os from 'node:os';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const ANY_IPV4 = '0.0.0.0';
const ANY = new Set([ANY_IPV4, '::']);

const urlOf = (address: string, port: number) =>
  `http://${isIPv6(address) ? `[${address}]` : address}:${port}`;

/**
 * The addresses a browser can open Figgle at: the one it listens on, or, listening on every
 * interface, loopback and each address of this machine's network interfaces. IPv6 link-local
 * addresses are left out: a browser needs the interface's name with them.
 */
export function listeningAddresses(
  host: string,
  port: number,
  interfaces: Interfaces = os.networkInterfaces(),
) {
  if (!ANY.has(host)) return [urlOf(host, port)];
  const withIpv6 = host === '::';
  const addresses = ['127.0.0.1', ...(withIpv6 ? ['::1'] : [])];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal || (entry.family === 'IPv6' && !withIpv6)) continue;
      if (entry.family === 'IPv6' && /^fe[89ab]/i.test(entry.address)) continue;
      if (!addresses.includes(entry.address)) addresses.push(entry.address);
    }
  }
  return addresses.map((address) => urlOf(address, port));
}

const LOOPBACK = /^(127\.|::1$|\[::1\]$|localhost$)/i;

export function listensBeyondLoopback(host: string): boolean {
  return !LOOPBACK.test(host);
}

/**
 * Said at start when PUBLIC_URL was left to its default while others can reach the server: the
 * emailed links would send them to their own machine.
 */
export function publicUrlHint(defaultUrl: string, addresses: string[]): string {
  const example =
    addresses.find((address) => listensBeyondLoopback(new URL(address).hostname)) ??
    'https://figgle.example.com';
  return `Emailed links will point to ${defaultUrl}, which opens only on this machine: set PUBLIC_URL to the address people use (for example PUBLIC_URL=${example} npm start).`;
}
