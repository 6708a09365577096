import type { CaughtMail, MailCatcher } from './mail-catcher.ts';

/** The subject of every invitation email, whether or not the address has an account. */
const INVITATION_SUBJECT = /You are invited to join/;

/** The newest invitation email to `email` so far, or null: lets a caller tell a new one from it. */
export function lastInvitationMail(mail: MailCatcher, email: string): Promise<CaughtMail | null> {
  // A negative wait looks once and does not wait.
  return mail.waitFor(email, INVITATION_SUBJECT, -1).catch(() => null);
}

/** Waits for an invitation email to `email` newer than `previous`; answers its link's token. */
export async function nextInvitationToken(
  mail: MailCatcher,
  email: string,
  previous: CaughtMail | null,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await mail.waitFor(email, INVITATION_SUBJECT, Math.max(deadline - Date.now(), 0));
    if (message !== previous) {
      const token = message.text.match(/[?&]token=([\w-]+)/)?.[1];
      if (!token) throw new Error(`no invitation token in "${message.subject}"`);
      return token;
    }
    if (Date.now() > deadline) throw new Error(`No new invitation email to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
