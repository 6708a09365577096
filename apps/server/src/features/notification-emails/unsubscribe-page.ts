import type { Locale } from '@figgle/shared/constants';
import { mailText } from '../../mail/i18n.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface Page {
  /** The language of the person the link belongs to (else the browser's, else English). */
  locale: Locale;
  title: string;
  message: string;
  /** A button that posts back to the same link: GET never changes anything (link scanners open it). */
  confirmAction?: string;
  settingsUrl: string;
}

/**
 * The small page behind an email's unsubscribe link. Plain HTML from the server: it must work
 * without signing in and without the web app's scripts, in light and dark mode, on a phone. Its
 * words come from the emails' catalogue (`mail/locales`), in the page's language.
 */
export function unsubscribePage(page: Page): string {
  const { locale } = page;
  const form = page.confirmAction
    ? `<form method="post" action="${escapeHtml(page.confirmAction)}"><button type="submit">${escapeHtml(mailText(locale, 'unsubscribePage.confirmButton'))}</button></form>`
    : '';
  // The catalogue's words (Figgle's own, no user data); the link's text escaped all the same.
  const hint = mailText(locale, 'unsubscribePage.hint', {
    settings: (chunks) => `<a href="${escapeHtml(page.settingsUrl)}">${escapeHtml(chunks.join(''))}</a>`,
  });
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · Figgle</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;color:#1f2933;background:#fff}
.brand{font-size:1.25rem;font-weight:700;color:#5b4bdb}button{font:inherit;background:#5b4bdb;color:#fff;border:0;border-radius:6px;padding:.6rem 1.1rem;cursor:pointer}
button:focus-visible{outline:3px solid #91a7ff;outline-offset:2px}a{color:#4c3fc4}.hint{color:#5c6670;font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}.brand{color:#b4a9ff}a{color:#a5b4fc}.hint{color:#a6adb6}}</style></head>
<body><main><p class="brand">Figgle</p><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>${form}
<p class="hint">${hint}</p></main></body></html>`;
}
