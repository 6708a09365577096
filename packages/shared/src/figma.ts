import { DEFAULT_FIGMA_FILE_NAME, FIGMA_TASK_TITLE_MAX } from './constants.ts';

// Pure rules about Figma shared by the server and the web app (docs/product.md#figma-integration,
// docs/figma-api.md#addresses-and-node-ids).

const MARKER_PATTERN = /#task(?![A-Za-z0-9_-])/gi;

const FILE_KEY_PATTERN = /^[A-Za-z0-9]{10,128}$/;
const FILE_URL_PATTERN = /^\/(?:design|file|board|proto|slides)\/([A-Za-z0-9]{10,128})(?:\/|$)/;
const TEAM_ID_PATTERN = /^[0-9]{1,40}$/;
const TEAM_URL_PATTERN = /\/team\/([0-9]{1,40})(?:\/|$)/;
const FIGMA_HOSTS = new Set(['figma.com', 'www.figma.com']);

/**
 * The file key of a design file, from the key itself or a pasted Figma URL
 * (`/design/<KEY>/…`, the older `/file/<KEY>/…`, `/board/` for FigJam; a branch URL gives the main
 * file's key). null when neither.
 */
export function parseFigmaFileKey(input: string): string | null {
  const text = input.trim();
  if (FILE_KEY_PATTERN.test(text)) return text;
  const url = parseUrl(text);
  if (!url || !FIGMA_HOSTS.has(url.hostname.toLowerCase())) return null;
  return FILE_URL_PATTERN.exec(url.pathname)?.[1] ?? null;
}

/** A team id (digits), from the id itself or a pasted team URL (`figma.com/files/team/<ID>/…`). */
export function parseFigmaTeamId(input: string): string | null {
  const text = input.trim();
  if (TEAM_ID_PATTERN.test(text)) return text;
  const url = parseUrl(text);
  if (!url || !FIGMA_HOSTS.has(url.hostname.toLowerCase())) return null;
  return TEAM_URL_PATTERN.exec(url.pathname)?.[1] ?? null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

export function figmaFileUrl(fileKey: string): string {
  return `https://www.figma.com/design/${encodeURIComponent(fileKey)}`;
}

/** Node ids are `1:2` in the API and `1-2` in URLs: every `:` becomes `-`. */
export function figmaNodeUrl(fileKey: string, nodeId: string): string {
  return `${figmaFileUrl(fileKey)}?node-id=${encodeURIComponent(nodeId.replaceAll(':', '-'))}`;
}

/** The text of a delivered comment: its fragments joined, each mention shown as `@handle`. */
export function figmaCommentText(
  fragments: ReadonlyArray<Partial<{ text: unknown; mention: unknown }>>,
  mentions: ReadonlyArray<{ id: string; handle: string }> = [],
): string {
  return fragments
    .map((fragment) => {
      if (typeof fragment.text === 'string') return fragment.text;
      if (fragment.mention !== undefined && fragment.mention !== null) {
        const id = String(fragment.mention);
        const handle = mentions.find((mention) => mention.id === id)?.handle;
        return `@${handle ?? id}`;
      }
      return '';
    })
    .join('');
}

export type FigmaEventKind = 'TASK' | 'REPLY' | 'COMMENT';

function hasTaskMarker(text: string): boolean {
  MARKER_PATTERN.lastIndex = 0;
  return MARKER_PATTERN.test(text);
}

/** TASK for a top-level comment carrying the marker, REPLY for a reply, COMMENT otherwise. */
export function figmaEventKind(text: string, parentId: string | null | undefined): FigmaEventKind {
  if (parentId) return 'REPLY';
  return hasTaskMarker(text) ? 'TASK' : 'COMMENT';
}

/** Cuts to at most `max` characters without splitting a surrogate pair. */
function firstCharacters(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

/**
 * The title of a task made from a '#task' comment: the text without the marker, on one line,
 * at most 100 characters; the file's name when nothing is left.
 */
export function figmaTaskTitle(text: string, fileName?: string | null): string {
  const title = text.replace(MARKER_PATTERN, ' ').replace(/\s+/g, ' ').trim();
  if (title) return firstCharacters(title, FIGMA_TASK_TITLE_MAX).trim();
  return firstCharacters(`Comment on ${fileName?.trim() || DEFAULT_FIGMA_FILE_NAME}`, FIGMA_TASK_TITLE_MAX);
}

/** The title of a task created by hand from a radar event: the first 100 characters of its content. */
export function radarTaskTitle(content: string, fileName?: string | null): string {
  const title = firstCharacters(content.replace(/\s+/g, ' ').trim(), FIGMA_TASK_TITLE_MAX).trim();
  return (
    title ||
    firstCharacters(`Comment on ${fileName?.trim() || DEFAULT_FIGMA_FILE_NAME}`, FIGMA_TASK_TITLE_MAX)
  );
}

/** The reply Figgle posts in a Figma thread when its task is done ("Back to Figma"). */
export function figmaDoneReply(trigram: string, reference: number): string {
  return `Done in Figgle: ${trigram.toUpperCase()}-${reference}`;
}

const NODE_ID_PATTERN = /^[A-Za-z0-9_:;-]{1,200}$/;

/**
 * The file key and node of a pasted Figma link to a frame or layer (`…/design/<KEY>/…?node-id=1-2`).
 * The address writes a node id with `-` where the API writes `:`; the API's form is returned. null
 * when the text is not a Figma link naming a node.
 */
export function parseFigmaNodeUrl(input: string): { fileKey: string; nodeId: string } | null {
  const text = input.trim();
  const url = parseUrl(text);
  if (!url || !FIGMA_HOSTS.has(url.hostname.toLowerCase())) return null;
  const fileKey = FILE_URL_PATTERN.exec(url.pathname)?.[1];
  const nodeParam = url.searchParams.get('node-id');
  if (!fileKey || !nodeParam || !NODE_ID_PATTERN.test(nodeParam)) return null;
  // Only the first dash of each part is the `:` (instance ids join parts with `;`); older links
  // wrote the `:` itself.
  const nodeId = nodeParam
    .split(';')
    .map((part) => (part.includes(':') ? part : part.replace('-', ':')))
    .join(';');
  return { fileKey, nodeId };
}
