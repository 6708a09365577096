import type { MailMessage } from './mailer.ts';

interface ActionEmail {
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  actionLabel: string;
  url: string;
  outro?: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every Figgle email is one message with one button; the text part carries the same link. */
export function actionEmail(email: ActionEmail): MailMessage {
  const outro = email.outro ?? "If you didn't ask for this, you can ignore this email.";
  const text = `${email.greeting}\n\n${email.intro}\n\n${email.actionLabel}: ${email.url}\n\n${outro}\n\n— Figgle\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#5b4bdb">Figgle</p>
<p>${escapeHtml(email.greeting)}</p><p>${escapeHtml(email.intro)}</p>
<p><a href="${escapeHtml(email.url)}" style="display:inline-block;background:#5b4bdb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(email.actionLabel)}</a></p>
<p style="font-size:13px;color:#6b7785">Or paste this link into your browser: ${escapeHtml(email.url)}</p>
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
}

/**
 * Mentions, assignments, watched changes and the digest: a list of tasks, each with its lines and
 * its link, then how to get less email. The text part carries every link too.
 */
export function notificationEmail(email: NotificationEmail): MailMessage {
  const textItems = email.items
    .map(
      (item) =>
        `${item.reference} — ${item.title}\n${item.lines.map((line) => `  • ${line}`).join('\n')}\n  Open the task: ${item.url}`,
    )
    .join('\n\n');
  const footer = 'You get this email because of your notification settings in Figgle.';
  const text = `${email.intro}\n\n${textItems}\n\n— Figgle\n\n${footer}\nChange them: ${email.settingsUrl}\nUnsubscribe from these emails: ${email.unsubscribeUrl}\n`;
  const htmlItems = email.items
    .map(
      (item) => `<div style="border:1px solid #d9dee5;border-radius:8px;padding:12px 16px;margin:12px 0">
<p style="margin:0;font-size:13px;color:#6b7785">${escapeHtml(item.reference)}</p>
<p style="margin:4px 0 8px;font-size:16px;font-weight:600">${escapeHtml(item.title)}</p>
<ul style="margin:0 0 12px;padding-left:20px">${item.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<a href="${escapeHtml(item.url)}" style="display:inline-block;background:#5b4bdb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">Open the task</a></div>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#5b4bdb">Figgle</p>
<p>${escapeHtml(email.intro)}</p>
${htmlItems}
<p style="font-size:13px;color:#6b7785">${escapeHtml(footer)} <a href="${escapeHtml(email.settingsUrl)}">Change them</a> or <a href="${escapeHtml(email.unsubscribeUrl)}">unsubscribe from these emails</a>.</p></body></html>`;
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
