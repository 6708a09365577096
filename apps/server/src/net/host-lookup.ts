import { lookup as dnsLookup } from 'node:dns/promises';

/** Every address a name resolves to, as the operating system's resolver answers. */
export type HostLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** The operating system's resolver: every address, in the order it gives them. */
export const systemHostLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
