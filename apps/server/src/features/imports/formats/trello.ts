import type { ImportProblem, TrelloAnalysis } from '@figgle/shared/import-schemas';
import {
  CHECKLIST_TEXT_MAX,
  isDueInstant,
  LABEL_NAME_MAX,
  MAX_LABELS_PER_TASK,
} from '@figgle/shared/planning-schemas';
import { SUBTASKS_PER_PARENT_MAX } from '@figgle/shared/subtask-schemas';
import { TASK_TITLE_MAX } from '@figgle/shared/task-schemas';
import { z } from 'zod';
import type { LabelColor, TaskStatus } from '../../../db/schema.ts';
import {
  cleanLine,
  cleanText,
  type ImportLabel,
  type ImportPlan,
  type ImportStructure,
  type ImportTask,
  importedDescription,
  textDelta,
} from '../import-item.ts';
import { elementsOf, isArraySpan, membersOf, parseSpan } from './json-members.ts';

// A Trello board's JSON export (Menu → Print, export and share → Export as JSON). Only what Figgle
// carries is read; everything else in the file is ignored.
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const listSchema = z.object({
  id: z.string(),
  name: text,
  closed: z.boolean().nullish(),
  pos: z.number().nullish(),
});
const cardSchema = z.object({
  id: z.string(),
  name: text,
  desc: text,
  closed: z.boolean().nullish(),
  idList: z.string(),
  idLabels: z.array(z.string()).nullish(),
  due: z.string().nullish(),
  pos: z.number().nullish(),
});
const labelSchema = z.object({ id: z.string(), name: text, color: z.string().nullish() });
const checklistSchema = z.object({
  id: z.string(),
  idCard: z.string(),
  name: text,
  pos: z.number().nullish(),
  checkItems: z
    .array(z.object({ name: text, state: z.string().nullish(), pos: z.number().nullish() }))
    .default([]),
});
const actionSchema = z.object({
  type: z.string(),
  date: z.string().nullish(),
  data: z.object({ text: z.string().nullish(), card: z.object({ id: z.string() }).nullish() }).nullish(),
  memberCreator: z.object({ fullName: z.string().nullish(), username: z.string().nullish() }).nullish(),
});
const trelloBoardSchema = z.object({
  name: text,
  lists: z.array(listSchema),
  cards: z.array(cardSchema),
  labels: z.array(labelSchema).default([]),
  checklists: z.array(checklistSchema).default([]),
  actions: z.array(actionSchema).default([]),
});

/** A comment of the board as the import keeps it (a `commentCard` action), read as it is met. */
interface TrelloComment {
  cardId: string;
  /** When it was written (ISO), or when it was read where Trello's date cannot be. */
  at: string;
  authorName: string;
  body: string;
}

/** What the import reads of a board: the actions kept only as the comments they are. */
type TrelloBoard = Omit<z.infer<typeof trelloBoardSchema>, 'actions'> & {
  /** Newest first, as Trello lists them. */
  comments: TrelloComment[];
  /** The board's `commentCard` actions, empty ones included, for the analysis's count. */
  commentActions: number;
};

/** Whether parsed JSON looks like a Trello board (lists and cards), before it is checked in full. */
export function looksLikeTrello(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    Array.isArray((json as { cards?: unknown }).cards) &&
    Array.isArray((json as { lists?: unknown }).lists)
  );
}

const unreadableBecause = (issue: z.ZodError['issues'][number], prefix: Array<string | number> = []) => ({
  error: `This Trello export cannot be read: ${[...prefix, ...issue.path].join('.') || 'the file'} ${issue.message.toLowerCase()}.`,
});

/** One string for each distinct value: a board's 170,000 comments name a few cards and people each. */
function interning(): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    const known = seen.get(value);
    if (known !== undefined) return known;
    seen.set(value, value);
    return value;
  };
}

/** The comment an action is, or null when it is none (another kind of action, no card, no text). */
function commentOf(
  action: z.infer<typeof actionSchema>,
  intern: (value: string) => string = (value) => value,
): TrelloComment | null {
  const cardId = action.data?.card?.id;
  const body = cleanText(action.data?.text ?? '').trim();
  if (action.type !== 'commentCard' || !cardId || !body) return null;
  const authorName = cleanLine(
    action.memberCreator?.fullName || action.memberCreator?.username || 'someone on Trello',
    100,
  );
  return { cardId: intern(cardId), at: commentTime(action.date), authorName: intern(authorName), body };
}

/** The board, or the first thing that keeps it from being one, said for people. */
export function readTrelloBoard(json: unknown): { board: TrelloBoard } | { error: string } {
  const parsed = trelloBoardSchema.safeParse(json);
  if (!parsed.success) return unreadableBecause(parsed.error.issues[0]!);
  const { actions, ...rest } = parsed.data;
  return {
    board: {
      ...rest,
      comments: actions.flatMap((action) => commentOf(action) ?? []),
      commentActions: actions.filter((action) => action.type === 'commentCard').length,
    },
  };
}

/**
 * The same board read from the file's bytes an element at a time (json-members.ts): each card,
 * list or action is parsed, checked and cut to what the import reads before the next, so the whole
 * file is never held as objects. The first problem is the one readTrelloBoard would tell (the same
 * order: name, lists, cards, labels, checklists, actions). null when the bytes are not plainly a
 * Trello board (no object, no `lists` or `cards` array, a `format` member, a key twice): then the
 * caller parses the whole file as before. Throws a SyntaxError where the JSON is broken. Without
 * `comments` (an analysis, which only counts them) no comment is kept.
 */
export function readTrelloBytes(
  bytes: Uint8Array,
  { comments = true }: { comments?: boolean } = {},
): { board: TrelloBoard } | { error: string } | null {
  const members = membersOf(bytes);
  if (!members || members.has('format')) return null;
  const spanOf = (key: string) => members.get(key);
  const lists = spanOf('lists');
  const cards = spanOf('cards');
  if (!lists || !cards || !isArraySpan(bytes, lists) || !isArraySpan(bytes, cards)) return null;
  for (const key of ['labels', 'checklists', 'actions']) {
    const span = spanOf(key);
    if (span && !isArraySpan(bytes, span)) return null;
  }
  const nameSpan = spanOf('name');
  const name = text.safeParse(nameSpan ? parseSpan(bytes, nameSpan) : undefined);
  if (!name.success) return unreadableBecause(name.error.issues[0]!, ['name']);

  let problem: { error: string } | null = null;
  /** Each element of the member `key` checked with `schema` and handed to `keep`; false at a problem. */
  const read = <T>(key: string, schema: z.ZodType<T>, keep: (value: T) => void): boolean => {
    const span = spanOf(key);
    if (!span) return true;
    let index = 0;
    for (const element of elementsOf(bytes, span)) {
      const checked = schema.safeParse(element);
      if (!checked.success) {
        problem = unreadableBecause(checked.error.issues[0]!, [key, index]);
        return false;
      }
      keep(checked.data);
      index += 1;
    }
    return true;
  };
  const board: TrelloBoard = {
    name: name.data,
    lists: [],
    cards: [],
    labels: [],
    checklists: [],
    comments: [],
    commentActions: 0,
  };
  const intern = interning();
  const complete =
    read('lists', listSchema, (list) => board.lists.push(list)) &&
    read('cards', cardSchema, (card) => {
      // The card's own id is the one its comments share.
      intern(card.id);
      board.cards.push(card);
    }) &&
    read('labels', labelSchema, (label) => board.labels.push(label)) &&
    read('checklists', checklistSchema, (checklist) => board.checklists.push(checklist)) &&
    read('actions', actionSchema, (action) => {
      if (action.type === 'commentCard') board.commentActions += 1;
      const comment = comments ? commentOf(action, intern) : null;
      if (comment) board.comments.push(comment);
    });
  return complete ? { board } : (problem ?? { error: 'This Trello export cannot be read.' });
}

const STATUS_WORDS: Array<[RegExp, TaskStatus]> = [
  [/archiv|icebox|old|trash|abandon/i, 'ARCHIVE'],
  [/done|complete|finish|closed|shipped|released|live/i, 'DONE'],
  [/doing|progress|wip|working|review|testing|started|current/i, 'DOING'],
];

/** A list's status by its name: "Done" → DONE, "In progress" → DOING, a closed list → ARCHIVE, else TODO. */
function suggestStatus(name: string, closed: boolean): TaskStatus {
  if (closed) return 'ARCHIVE';
  return STATUS_WORDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'TODO';
}

export function analyseTrello(board: TrelloBoard): TrelloAnalysis {
  const cardsPerList = new Map<string, number>();
  for (const card of board.cards) cardsPerList.set(card.idList, (cardsPerList.get(card.idList) ?? 0) + 1);
  return {
    format: 'trello',
    board_name: cleanLine(board.name, 100),
    lists: board.lists.map((list) => ({
      list_id: list.id,
      name: cleanLine(list.name, 100) || 'Untitled list',
      cards: cardsPerList.get(list.id) ?? 0,
      closed: list.closed === true,
      suggested_status: suggestStatus(list.name, list.closed === true),
    })),
    cards: board.cards.length,
    comments: board.commentActions,
    checklist_items: board.checklists.reduce((sum, checklist) => sum + checklist.checkItems.length, 0),
    labels: board.labels.length,
  };
}

/** Trello's colours (and their _dark and _light shades) on Figgle's fixed palette. */
const TRELLO_COLORS: Record<string, LabelColor> = {
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
  purple: 'violet',
  blue: 'blue',
  sky: 'cyan',
  lime: 'lime',
  pink: 'pink',
  black: 'gray',
};

function labelColorOf(trelloColor: string | null | undefined): LabelColor {
  const base = (trelloColor ?? '').replace(/_(dark|light)$/, '');
  // Own keys only: a colour named `constructor` is no colour of Figgle's.
  return Object.hasOwn(TRELLO_COLORS, base) ? (TRELLO_COLORS[base] as LabelColor) : 'gray';
}

/** A label without a name (Trello allows colour-only labels) is named after its colour. */
function labelNameOf(label: TrelloBoard['labels'][number]): string {
  const name = cleanLine(label.name, LABEL_NAME_MAX);
  if (name) return name;
  const colour = (label.color ?? 'no colour').replace(/_/g, ' ');
  return colour.charAt(0).toUpperCase() + colour.slice(1);
}

const byPos = <T extends { pos?: number | null }>(a: T, b: T) => (a.pos ?? 0) - (b.pos ?? 0);

/** "Originally by Ada Lovelace on 2024-03-01 14:05 UTC": the first line of an imported comment. */
function originalAuthorLine(authorName: string, at: string): string {
  const when = at.slice(0, 16).replace('T', ' ');
  return `Originally by ${authorName} on ${when} UTC`;
}

/**
 * A comment's date as Trello wrote it, or now when it cannot be read. Date.parse also takes the year
 * 0 and six-digit years, which the database has no day for: those count as unreadable too.
 */
function commentTime(date: string | null | undefined): string {
  const time = date ? Date.parse(date) : Number.NaN;
  const year = Number.isNaN(time) ? 0 : new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999 ? new Date(time).toISOString() : new Date().toISOString();
}

/**
 * The cards as tasks, in list order then card order: a closed card is archived whatever its list;
 * its labels, checklists (their items, one after the other) and comments come with it. With
 * `checklistsAsSubtasks`, each checklist item is a task of its own instead, right after its card's,
 * under it as a sub-task in the checklists' order: Done when ticked, else To do (archived with an
 * archived card).
 *
 * Which cards come in, the count and the sub-task structure are known at once; each task itself is
 * made as `tasks` is read (a 48 MB board's tasks made all at once were ~90 MB of objects).
 */
export function planTrello(
  board: TrelloBoard,
  listStatus: Record<string, TaskStatus>,
  { checklistsAsSubtasks = false }: { checklistsAsSubtasks?: boolean } = {},
): ImportPlan {
  const labelsById = new Map<string, ImportLabel>();
  for (const label of board.labels)
    labelsById.set(label.id, { name: labelNameOf(label), color: labelColorOf(label.color) });

  const checklistsByCard = new Map<string, TrelloBoard['checklists']>();
  for (const checklist of board.checklists) {
    const list = checklistsByCard.get(checklist.idCard) ?? [];
    list.push(checklist);
    checklistsByCard.set(checklist.idCard, list);
  }
  const commentsByCard = new Map<string, TrelloComment[]>();
  for (const comment of board.comments) {
    const list = commentsByCard.get(comment.cardId) ?? [];
    list.push(comment);
    commentsByCard.set(comment.cardId, list);
  }

  const listOrder = new Map([...board.lists].sort(byPos).map((list, index) => [list.id, index]));
  const cards = [...board.cards].sort(
    (a, b) => (listOrder.get(a.idList) ?? 1e9) - (listOrder.get(b.idList) ?? 1e9) || byPos(a, b),
  );
  const skipped: ImportProblem[] = [];
  const parents: ImportStructure['parents'] = [];
  const coming: Array<{
    card: TrelloBoard['cards'][number];
    row: string;
    title: string;
    status: TaskStatus;
    checklist: Array<{ text: string; done: boolean }>;
    firstKey: number;
  }> = [];
  let taskCount = 0;
  for (const card of cards) {
    const row = `Card “${cleanLine(card.name, 60) || card.id}”`;
    const title = cleanLine(card.name, TASK_TITLE_MAX);
    if (!title) {
      skipped.push({ row, reason: 'The card has no name.', imported: false });
      continue;
    }
    // Own keys only: a list id `constructor` or `__proto__` would read Object.prototype's members.
    const listStatusOf = Object.hasOwn(listStatus, card.idList) ? listStatus[card.idList] : undefined;
    if (!listStatusOf) {
      skipped.push({ row, reason: 'Its list is not on the board.', imported: false });
      continue;
    }
    const checklists = [...(checklistsByCard.get(card.id) ?? [])].sort(byPos);
    const checklist = checklists.flatMap((list) =>
      [...list.checkItems].sort(byPos).flatMap((item) => {
        const itemText = cleanLine(item.name, checklistsAsSubtasks ? TASK_TITLE_MAX : CHECKLIST_TEXT_MAX);
        return itemText ? [{ text: itemText, done: item.state === 'complete' }] : [];
      }),
    );
    const status = card.closed ? 'ARCHIVE' : listStatusOf;
    coming.push({ card, row, title, status, checklist, firstKey: taskCount + 1 });
    taskCount += 1;
    const subtasks = checklistsAsSubtasks ? Math.min(checklist.length, SUBTASKS_PER_PARENT_MAX) : 0;
    for (let n = 0; n < subtasks; n += 1) {
      parents.push({ row, child: `item:${taskCount}`, parent: { key: `card:${card.id}` } });
      taskCount += 1;
    }
  }

  function* tasks(): Generator<ImportTask> {
    for (const { card, row, title, status, checklist, firstKey } of coming) {
      const problems: ImportProblem[] = [];
      const description = importedDescription(card.desc, row, problems);
      let dueAt: string | null = null;
      if (card.due) {
        if (isDueInstant(card.due)) dueAt = card.due;
        else
          problems.push({
            row,
            reason: `The due date “${card.due.slice(0, 40)}” cannot be read.`,
            imported: true,
          });
      }
      const subtasks = checklistsAsSubtasks ? checklist.slice(0, SUBTASKS_PER_PARENT_MAX) : [];
      if (checklistsAsSubtasks && checklist.length > SUBTASKS_PER_PARENT_MAX)
        problems.push({
          row,
          reason: `Only the first ${SUBTASKS_PER_PARENT_MAX.toLocaleString('en')} checklist items became sub-tasks.`,
          imported: true,
        });
      // Trello lists actions newest first; a task's comments read oldest first.
      const comments = [...(commentsByCard.get(card.id) ?? [])].reverse().map((comment) => ({
        authorName: comment.authorName,
        at: comment.at,
        content: textDelta(`${originalAuthorLine(comment.authorName, comment.at)}\n${comment.body}`),
      }));
      yield {
        row,
        title,
        status,
        description: textDelta(description),
        dueOn: null,
        dueAt,
        priority: 'NONE',
        assigneeEmail: null,
        labels: (card.idLabels ?? []).slice(0, MAX_LABELS_PER_TASK).flatMap((id) => {
          const label = labelsById.get(id);
          return label ? [label.name] : [];
        }),
        checklist: checklistsAsSubtasks ? [] : checklist,
        comments,
        problems,
        ...(subtasks.length > 0 ? { key: `card:${card.id}` } : {}),
      };
      for (const [index, item] of subtasks.entries())
        yield {
          row: `Checklist item “${item.text.slice(0, 60)}” of ${row}`,
          title: item.text,
          status: item.done ? 'DONE' : status === 'ARCHIVE' ? 'ARCHIVE' : 'TODO',
          description: textDelta(''),
          dueOn: null,
          dueAt: null,
          priority: 'NONE',
          assigneeEmail: null,
          labels: [],
          checklist: [],
          comments: [],
          problems: [],
          key: `item:${firstKey + index}`,
        };
    }
  }
  return {
    tasks: { [Symbol.iterator]: tasks },
    taskCount,
    labels: [...labelsById.values()],
    skipped,
    ...(parents.length > 0 ? { structure: { parents, relations: [] } } : {}),
  };
}
