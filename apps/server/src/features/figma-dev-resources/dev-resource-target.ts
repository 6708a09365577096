// What a linked node's dev resource says: its name ("WEB-12 Checkout redesign") and its address (the
// task's page in Figgle, apps/web/src/shared/paths.ts's `task`), and the way back from an address.

/** Figma documents no limit on a name; a long title is cut so Dev Mode's list stays readable. */
const NAME_MAX = 200;

const TASK_PATH = /^\/task\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

export function devResourceName(trigram: string, reference: number, title: string): string {
  const name = `${trigram.toUpperCase()}-${reference} ${title.replace(/\s+/g, ' ').trim()}`;
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 1)}…`;
}

export function taskUrl(publicUrl: string, taskId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/task/${encodeURIComponent(taskId)}`;
}

/** The task an address of this Figgle points at; null for any other address. */
export function taskIdOfUrl(publicUrl: string, url: string): string | null {
  let parsed: URL;
  let own: URL;
  try {
    parsed = new URL(url);
    own = new URL(publicUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== own.origin) return null;
  const ownPath = own.pathname.replace(/\/+$/, '');
  if (ownPath && !parsed.pathname.startsWith(`${ownPath}/`)) return null;
  const match = TASK_PATH.exec(parsed.pathname.slice(ownPath.length));
  return match ? match[1]!.toLowerCase() : null;
}

/** An address as it may be logged: no query, no fragment, no user or password. */
export function urlForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.slice(0, 300);
  } catch {
    return '(not an address)';
  }
}
