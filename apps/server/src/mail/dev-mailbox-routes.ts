import type { AppInstance } from '../app.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** Outside production without SMTP: the last 50 messages, links clickable. */
export async function devMailboxRoutes(app: AppInstance): Promise<void> {
  const { mailer, env } = app.deps;
  if (!mailer.usesDevMailbox || env.NODE_ENV === 'production') return;
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = mailer
      .recent()
      .map(
        (
          m,
        ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.sentAt.toISOString()}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Figgle dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2933}
article{border:1px solid #d9dee5;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#6b7785;font-size:.9rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Dev mailbox</h1><p>Emails Figgle sent while no SMTP server is configured (newest first, last 50).</p>
${messages || '<p>No messages yet.</p>'}</body></html>`);
  });
}
