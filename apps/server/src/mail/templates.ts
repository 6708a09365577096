import type { Locale } from '@figgle/shared/constants';
import { mailText } from './i18n.ts';
import type { MailMessage } from './mailer.ts';

/** An action email's own words, before the recipient and language are known. */
export interface ActionEmailText {
  subject: string;
  greeting: string;
  intro: string;
  actionLabel: string;
  url: string;
  outro?: string;
}

interface ActionEmail extends ActionEmailText {
  to: string;
  /** The recipient's language, for the parts every email shares; English when not given. */
  locale?: Locale;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every Figgle email is one message with one button; the text part carries the same link. */
export function actionEmail(email: ActionEmail): MailMessage {
  const locale = email.locale ?? 'en';
  const outro = email.outro ?? mailText(locale, 'action.ignoreOutro');
  const text = `${email.greeting}\n\n${email.intro}\n\n${email.actionLabel}: ${email.url}\n\n${outro}\n\n— Figgle\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#5b4bdb">Figgle</p>
<p>${escapeHtml(email.greeting)}</p><p>${escapeHtml(email.intro)}</p>
<p><a href="${escapeHtml(email.url)}" style="display:inline-block;background:#5b4bdb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(email.actionLabel)}</a></p>
<p style="font-size:13px;color:#6b7785">${escapeHtml(mailText(locale, 'action.pasteLink', { url: email.url }))}</p>
<p style="font-size:13px;color:#6b7785">${escapeHtml(outro)}</p></body></html>`;
  return { to: email.to, subject: email.subject, text, html };
}

/** One task in a notification email: what happened to it, and its link. */
export interface NotificationItem {
  /** "CHK-12 · Checkout" */
  reference: string;
  title: string;
  /** One line per event: "Ada Lovelace changed Status: To Do → Doing". */
  lines: string[];
  url: string;
}

interface NotificationEmail {
  to: string;
  subject: string;
  intro: string;
  items: NotificationItem[];
  /** Signed, works without signing in; also in the List-Unsubscribe header (RFC 8058). */
  unsubscribeUrl: string;
  settingsUrl: string;
  locale?: Locale;
}

/**
 * Mentions, assignments, watched changes and the digest: a list of tasks, each with its lines and
 * its link, then how to get less email. The text part carries every link too.
 */
export function notificationEmail(email: NotificationEmail): MailMessage {
  const locale = email.locale ?? 'en';
  const textItems = email.items
    .map(
      (item) =>
        `${item.reference} — ${item.title}\n${item.lines.map((line) => `  • ${line}`).join('\n')}\n  ${mailText(locale, 'notification.openTaskAt', { url: item.url })}`,
    )
    .join('\n\n');
  const footer = mailText(locale, 'notification.footer');
  const text = `${email.intro}\n\n${textItems}\n\n— Figgle\n\n${footer}\n${mailText(locale, 'notification.changeThemAt', { url: email.settingsUrl })}\n${mailText(locale, 'notification.unsubscribeAt', { url: email.unsubscribeUrl })}\n`;
  const htmlItems = email.items
    .map(
      (item) => `<div style="border:1px solid #d9dee5;border-radius:8px;padding:12px 16px;margin:12px 0">
<p style="margin:0;font-size:13px;color:#6b7785">${escapeHtml(item.reference)}</p>
<p style="margin:4px 0 8px;font-size:16px;font-weight:600">${escapeHtml(item.title)}</p>
<ul style="margin:0 0 12px;padding-left:20px">${item.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<a href="${escapeHtml(item.url)}" style="display:inline-block;background:#5b4bdb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">${escapeHtml(mailText(locale, 'notification.openTask'))}</a></div>`,
    )
    .join('\n');
  // The catalogue's words (Figgle's own, no user data), each link's text escaped all the same.
  const link = (url: string) => (chunks: string[]) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(chunks.join(''))}</a>`;
  const footerLinks = mailText(locale, 'notification.footerLinks', {
    change: link(email.settingsUrl),
    unsubscribe: link(email.unsubscribeUrl),
  });
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#5b4bdb">Figgle</p>
<p>${escapeHtml(email.intro)}</p>
${htmlItems}
<p style="font-size:13px;color:#6b7785">${escapeHtml(footer)} ${footerLinks}</p></body></html>`;
  return {
    to: email.to,
    subject: email.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
