// A task id in the board shape (board-schemas.ts): a uuid in base64url (22 characters), or, for an
// id made by figgle_task_id() (migration 0018: UUIDv7, its time the task's created_at, rand_a 0),
// its last 8 bytes alone (11 characters), the rest being the creation time the board already says.
// A uuid has 122 random bits and a 1,000-task board 1,000 of them: written as text they alone
// made more than the 15 KiB the board may take; the short form leaves 62 random bits.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Map([...ALPHABET].map((character, value) => [character, value]));

/** Hex digits (an even number) as base64url, without padding: 3 bytes make 4 characters. */
function hexToBase64url(hex: string): string {
  let text = '';
  for (let i = 0; i < hex.length; i += 6) {
    const digits = hex.slice(i, i + 6);
    const word = Number.parseInt(digits.padEnd(6, '0'), 16);
    const characters = Math.ceil((digits.length * 4) / 6);
    for (let k = 0; k < characters; k++) text += ALPHABET[(word >> (18 - 6 * k)) & 63];
  }
  return text;
}

/** Base64url back to `bytes` bytes of hex digits. */
function base64urlToHex(text: string, bytes: number): string {
  let hex = '';
  for (let i = 0; i < text.length; i += 4) {
    let word = 0;
    for (let k = 0; k < 4; k++) {
      const value = VALUES.get(text[i + k] ?? 'A');
      if (value === undefined) throw new Error(`Not a board id: ${text}`);
      word = (word << 6) | value;
    }
    hex += word.toString(16).padStart(6, '0');
  }
  return hex.slice(0, bytes * 2);
}

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The start of the id figgle_task_id() makes at this time (ms since 1970), as uuid text. */
function timePrefix(milliseconds: number): string {
  const hex = milliseconds.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-`;
}

/** The board's text for a task id (lower-case uuid), created at `createdMs`. */
export function boardIdOf(taskId: string, createdMs: number): string {
  const tail = taskId.startsWith(timePrefix(createdMs));
  const hex = (tail ? taskId.slice(19) : taskId).replaceAll('-', '');
  return hexToBase64url(hex);
}

/** The board's text for a task id whose creation time the board does not say: always 22 characters. */
export function wholeBoardIdOf(taskId: string): string {
  return hexToBase64url(taskId.replaceAll('-', ''));
}

/** The task id (lower-case uuid) a board's text stands for. */
export function taskIdOf(boardId: string, createdMs: number): string {
  if (boardId.length === 22) return uuidOf(base64urlToHex(boardId, 16));
  const hex = base64urlToHex(boardId, 8);
  return `${timePrefix(createdMs)}${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** 22 characters for a whole uuid, 11 for the tail of one made by figgle_task_id(). */
export const BOARD_ID = /^(?:[A-Za-z0-9_-]{11}|[A-Za-z0-9_-]{22})$/;
/** A whole uuid in base64url (wholeBoardIdOf). */
export const WHOLE_BOARD_ID = /^[A-Za-z0-9_-]{22}$/;
