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

// A Trello board's JSON export (Menu → Print, export and share → Export as JSON). Only what Figgle
// carries is read; everything else in the file is ignored.
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const trelloBoardSchema = z.object({
  name: text,
  lists: z.array(
    z.object({ id: z.string(), name: text, closed: z.boolean().nullish(), pos: z.number().nullish() }),
  ),
  cards: z.array(
    z.object({
      id: z.string(),
      name: text,
      desc: text,
      closed: z.boolean().nullish(),
      idList: z.string(),
      idLabels: z.array(z.string()).nullish(),
      due: z.string().nullish(),
      pos: z.number().nullish(),
    }),
  ),
  labels: z.array(z.object({ id: z.string(), name: text, color: z.string().nullish() })).default([]),
  checklists: z
    .array(
      z.object({
        id: z.string(),
        idCard: z.string(),
        name: text,
        pos: z.number().nullish(),
        checkItems: z
          .array(z.object({ name: text, state: z.string().nullish(), pos: z.number().nullish() }))
          .default([]),
      }),
    )
    .default([]),
  actions: z
    .array(
      z.object({
        type: z.string(),
        date: z.string().nullish(),
        data: z
          .object({ text: z.string().nullish(), card: z.object({ id: z.string() }).nullish() })
          .nullish(),
        memberCreator: z.object({ fullName: z.string().nullish(), username: z.string().nullish() }).nullish(),
      }),
    )
    .default([]),
});
type TrelloBoard = z.infer<typeof trelloBoardSchema>;

/** Whether parsed JSON looks like a Trello board (lists and cards), before it is checked in full. */
export function looksLikeTrello(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    Array.isArray((json as { cards?: unknown }).cards) &&
    Array.isArray((json as { lists?: unknown }).lists)
  );
}

/** The board, or the first thing that keeps it from being one, said for people. */
export function readTrelloBoard(json: unknown): { board: TrelloBoard } | { error: string } {
  const parsed = trelloBoardSchema.safeParse(json);
  if (parsed.success) return { board: parsed.data };
  const issue = parsed.error.issues[0]!;
  return {
    error: `This Trello export cannot be read: ${issue.path.join('.') || 'the file'} ${issue.message.toLowerCase()}.`,
  };
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
    comments: board.actions.filter((action) => action.type === 'commentCard').length,
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
  const commentsByCard = new Map<string, ImportTask['comments']>();
  // Trello lists actions newest first; a task's comments read oldest first.
  for (const action of [...board.actions].reverse()) {
    const cardId = action.data?.card?.id;
    const body = cleanText(action.data?.text ?? '').trim();
    if (action.type !== 'commentCard' || !cardId || !body) continue;
    const at = commentTime(action.date);
    const authorName = cleanLine(
      action.memberCreator?.fullName || action.memberCreator?.username || 'someone on Trello',
      100,
    );
    const list = commentsByCard.get(cardId) ?? [];
    list.push({ authorName, at, content: textDelta(`${originalAuthorLine(authorName, at)}\n${body}`) });
    commentsByCard.set(cardId, list);
  }

  const listOrder = new Map([...board.lists].sort(byPos).map((list, index) => [list.id, index]));
  const cards = [...board.cards].sort(
    (a, b) => (listOrder.get(a.idList) ?? 1e9) - (listOrder.get(b.idList) ?? 1e9) || byPos(a, b),
  );
  const tasks: ImportTask[] = [];
  const skipped: ImportProblem[] = [];
  const parents: ImportStructure['parents'] = [];
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
    const checklists = [...(checklistsByCard.get(card.id) ?? [])].sort(byPos);
    const checklist = checklists.flatMap((list) =>
      [...list.checkItems].sort(byPos).flatMap((item) => {
        const itemText = cleanLine(item.name, checklistsAsSubtasks ? TASK_TITLE_MAX : CHECKLIST_TEXT_MAX);
        return itemText ? [{ text: itemText, done: item.state === 'complete' }] : [];
      }),
    );
    const status = card.closed ? 'ARCHIVE' : listStatusOf;
    const subtasks = checklistsAsSubtasks ? checklist.slice(0, SUBTASKS_PER_PARENT_MAX) : [];
    if (checklistsAsSubtasks && checklist.length > SUBTASKS_PER_PARENT_MAX)
      problems.push({
        row,
        reason: `Only the first ${SUBTASKS_PER_PARENT_MAX.toLocaleString('en')} checklist items became sub-tasks.`,
        imported: true,
      });
    const cardKey = `card:${card.id}`;
    tasks.push({
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
      comments: commentsByCard.get(card.id) ?? [],
      problems,
      ...(subtasks.length > 0 ? { key: cardKey } : {}),
    });
    for (const item of subtasks) {
      const key = `item:${tasks.length}`;
      tasks.push({
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
        key,
      });
      parents.push({ row, child: key, parent: { key: cardKey } });
    }
  }
  return {
    tasks,
    taskCount: tasks.length,
    labels: [...labelsById.values()],
    skipped,
    ...(parents.length > 0 ? { structure: { parents, relations: [] } } : {}),
  };
}
