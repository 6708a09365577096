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
