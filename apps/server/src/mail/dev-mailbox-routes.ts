import { isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../http/app-instance.ts';
import { isLoopbackOrPublicHost } from '../http/host-check.ts';
import { localeOfAcceptLanguage, mailLocale, mailText } from './i18n.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** Whether a socket's remote address is this machine's loopback interface. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || (isIPv4(ipv4) && ipv4.startsWith('127.'));
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Decided by the socket, never by what a header claims (anyone can write one, TRUST_PROXY or not).
 * A request relayed by a proxy on this machine arrives on loopback too, for any visitor: a
 * forwarding header can only take access away, never grant it.
 */
export function comesFromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * Whether this request may read the dev mailbox: it is on, the request comes from this machine, and
 * it names this machine (or PUBLIC_URL) as its host, so a page rebound to 127.0.0.1 cannot read it.
 */
export function devMailboxOpenTo(app: AppInstance, request: FastifyRequest): boolean {
  return (
    app.deps.mailer.usesDevMailbox &&
    app.deps.env.NODE_ENV !== 'production' &&
    comesFromThisMachine(request) &&
    isLoopbackOrPublicHost(app.deps.env, request)
  );
}

/**
 * Outside production without SMTP: the last 50 messages, links clickable. Its links sign people in,
 * so it answers only the machine Figgle runs on; everyone else gets "not found".
 */
export async function devMailboxRoutes(app: AppInstance): Promise<void> {
  const { mailer, env } = app.deps;
  if (!mailer.usesDevMailbox || env.NODE_ENV === 'production') return;
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!devMailboxOpenTo(app, request)) return reply.callNotFound();
    // The browser's language: whoever reads it may not be signed in (a newcomer confirming an address).
    const locale = mailLocale(localeOfAcceptLanguage(request.headers['accept-language']));
    const say = (key: Parameters<typeof mailText>[1]) => escapeHtml(mailText(locale, key));
    const messages = mailer
      .recent()
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(
          mailText(locale, 'devMailbox.to', { to: m.to, sentAt: m.sentAt.toISOString() }),
        )}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    // The catalogue's words are Figgle's own: their one tag becomes code, its text escaped.
    const onlyThisMachine = mailText(locale, 'devMailbox.onlyThisMachine', {
      code: (chunks) => `<code>${escapeHtml(chunks.join(''))}</code>`,
    });
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${say('devMailbox.title')}</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2933;overflow-wrap:break-word}
article{border:1px solid #d9dee5;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#6b7785;font-size:.9rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}article{border-color:#373a40}.meta{color:#a6adb6}a{color:#91a7ff}}</style></head>
<body><h1>${say('devMailbox.heading')}</h1><p>${say('devMailbox.intro')}</p>
<p>${onlyThisMachine}</p>
${messages || `<p>${say('devMailbox.empty')}</p>`}</body></html>`);
  });
}
