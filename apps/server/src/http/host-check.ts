import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import type { AppInstance } from './app-instance.ts';
import { HttpError } from './errors.ts';

/**
 * DNS rebinding: a page on attacker.example whose name is made to resolve to this server sends
 * same-origin requests with `Host: attacker.example`, and its Origin matches that Host. So before
 * any origin check, a request must name a host this server answers at: PUBLIC_URL's, `localhost`,
 * an IP address (a page served from an IP address cannot be rebound), or one of ALLOWED_HOSTS.
 * `/healthz` and `/readyz` answer any name: probes call them by whatever address they know (a
 * container's service name), and they tell nothing but whether this server is up and migrated.
 */
const ANY_HOST_ROUTES = new Set(['/healthz', '/readyz']);

/** The host name of a Host header value (`[::1]:3000` → `::1`), lower case. */
function hostNameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  return host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
}

function answersAtHost(env: Pick<Env, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>, host: string): boolean {
  const name = hostNameOf(host);
  if (name === 'localhost' || isIP(name) !== 0) return true;
  return name === hostNameOf(new URL(env.PUBLIC_URL).host) || env.ALLOWED_HOSTS.includes(name);
}

/** The names the dev mailbox answers at: this machine's own, or PUBLIC_URL's. */
export function isLoopbackOrPublicHost(env: Pick<Env, 'PUBLIC_URL'>, request: FastifyRequest): boolean {
  const name = hostNameOf(request.host ?? '');
  return ['localhost', '127.0.0.1', '::1', hostNameOf(new URL(env.PUBLIC_URL).host)].includes(name);
}

export function installHostCheck(app: AppInstance): void {
  const { env } = app.deps;
  app.addHook('onRequest', async (request) => {
    // request.host is the Host header, or the forwarded host when TRUST_PROXY trusts the hop.
    if (!request.host || answersAtHost(env, request.host)) return;
    if (ANY_HOST_ROUTES.has(request.url.split('?')[0]!)) return;
    throw new HttpError(
      421,
      'unknown_host',
      `Figgle does not answer at ${hostNameOf(request.host)}. Open it at ${env.PUBLIC_URL}, or add the name to ALLOWED_HOSTS.`,
    );
  });
}
