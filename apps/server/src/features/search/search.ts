import type { SearchQuery } from '@figgle/shared/search-schemas';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { requireProjectInScope, type SearchScope, searchScope } from '../../policies/search-scope.ts';
import type { MatchTerms } from './marks.ts';
import type { Found, FoundGroup } from './presenter.ts';
import {
  type CommentHitRow,
  fieldKindsByName,
  filteredTasks,
  INDEX_CAP,
  indexedCommentMatches,
  indexedTaskMatches,
  matchingPeople,
  matchingProjects,
  type PersonHitRow,
  type ProjectHitRow,
  readWords,
  recentCommentMatches,
  recentTaskMatches,
  type TaskFilters,
  type TaskHitRow,
  type TaskPage,
  type TaskPhase,
  tasksByReference,
} from './queries.ts';
import {
  decodeCursor,
  encodeCursor,
  fieldTokenProblem,
  hasTaskTokens,
  kindsToAnswer,
  type QueryWord,
  readSearchText,
  type SearchCursor,
  type SearchText,
  toTsquery,
} from './search-text.ts';

type Db = Kysely<Database>;

const none = <Row>(): FoundGroup<Row> => ({ rows: [], nextCursor: null });

function nothingFound(terms: MatchTerms = { prefixes: [], words: [] }): Found {
  return { terms, tasks: none(), comments: none(), projects: none(), people: none() };
}

/** The words as the database read them, with their typo alternatives, grouped back per word. */
async function queryWords(db: Db, text: SearchText, scope: SearchScope): Promise<QueryWord[]> {
  const rows = await readWords(db, text.words, scope.organizationIds);
  const byPosition = new Map<number, QueryWord>();
  for (const row of rows) {
    const word = byPosition.get(row.position) ?? { lexemes: [], alternatives: [] };
    word.lexemes.push(row.lexeme);
    for (const alternative of row.alternatives ?? [])
      if (!word.alternatives.includes(alternative)) word.alternatives.push(alternative);
    byPosition.set(row.position, word);
  }
  return [...byPosition.values()];
}

interface Request {
  db: Db;
  tsquery: string;
  text: SearchText;
  scope: SearchScope;
  filters: TaskFilters;
  contextProjectId: string | null;
  cursor: SearchCursor | null;
  limit: number;
}

/** The first `limit` rows, and the cursor after the last of them when one more was read past the page. */
function pageOf<Row>(rows: Row[], limit: number, cursorAfter: (last: Row) => SearchCursor): FoundGroup<Row> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorAfter(last)) : null,
  };
}

/**
 * Tasks: a typed reference first (first page only), then the title matches, then the other matches,
 * each newest activity first. A page reads each phase from the latest tasks first, and through the
 * full-text index only when those hold too few matches.
 */
async function findTasks(request: Request): Promise<FoundGroup<TaskHitRow>> {
  const { db, text, cursor, limit } = request;
  const reference = text.reference;
  const references =
    reference && (reference.code || request.contextProjectId)
      ? await tasksByReference(db, { ...reference, projectId: request.contextProjectId }, request.filters)
      : [];
  const hits: Array<{ row: TaskHitRow; phase: TaskPhase | 0 }> = cursor
    ? []
    : references.map((row) => ({ row, phase: 0 as const }));
  const resume: Extract<SearchCursor, { k: 'task' }> = cursor?.k === 'task' ? cursor : { k: 'task', p: 1 };
  let after = resume.a && resume.i ? { at: resume.a, id: resume.i } : undefined;
  for (let phase: TaskPhase = resume.p; hits.length <= limit; phase = 2) {
    const page: TaskPage = {
      tsquery: request.tsquery,
      phase,
      filters: request.filters,
      excluded: references.map((row) => row.task_id),
      after,
      limit: limit + 1 - hits.length,
    };
    let rows = await recentTaskMatches(db, page);
    if (rows.length < page.limit) {
      const capped = await indexedTaskMatches(db, page, INDEX_CAP);
      rows = capped.complete ? capped.rows : (await indexedTaskMatches(db, page, null)).rows;
    }
    hits.push(...rows.map((row) => ({ row, phase })));
    after = undefined;
    if (phase === 2) break;
  }
  const shown = pageOf(hits, limit, (last) =>
    last.phase === 0
      ? { k: 'task', p: 1 }
      : { k: 'task', p: last.phase, a: last.row.sort_at, i: last.row.task_id },
  );
  return { rows: shown.rows.map((hit) => hit.row), nextCursor: shown.nextCursor };
}

/** Tasks by filters alone (`estimate:>3`, `is:blocked`, no words), newest activity first. */
async function findFilteredTasks(request: Omit<Request, 'tsquery'>): Promise<FoundGroup<TaskHitRow>> {
  const { cursor, limit } = request;
  const after = cursor?.k === 'task' && cursor.a && cursor.i ? { at: cursor.a, id: cursor.i } : undefined;
  const rows = await filteredTasks(request.db, { filters: request.filters, after, limit: limit + 1 });
  return pageOf(rows, limit, (last) => ({ k: 'task', p: 1, a: last.sort_at, i: last.task_id }));
}

async function findComments(request: Request): Promise<FoundGroup<CommentHitRow>> {
  const { db, cursor, limit } = request;
  const page = {
    tsquery: request.tsquery,
    filters: request.filters,
    after: cursor?.k === 'comment' ? { at: cursor.a, id: cursor.i } : undefined,
    limit: limit + 1,
  };
  let rows = await recentCommentMatches(db, page);
  if (rows.length < page.limit) {
    const capped = await indexedCommentMatches(db, page, INDEX_CAP);
    rows = capped.complete ? capped.rows : (await indexedCommentMatches(db, page, null)).rows;
  }
  return pageOf(rows, limit, (last) => ({ k: 'comment', a: last.sort_at, i: last.comment_id }));
}

/** Projects and people match few enough to page by offset: the cursor holds where the next page starts. */
async function offsetPage<Row>(
  request: Request,
  kind: 'project' | 'person',
  match: (page: { tsquery: string; words: string[]; offset: number; limit: number }) => Promise<Row[]>,
): Promise<FoundGroup<Row>> {
  const { cursor, limit } = request;
  const offset = cursor?.k === kind && 'o' in cursor ? cursor.o : 0;
  const rows = await match({ tsquery: request.tsquery, words: request.text.words, offset, limit: limit + 1 });
  return {
    rows: rows.slice(0, limit),
    nextCursor: rows.length > limit ? encodeCursor({ k: kind, o: offset + limit }) : null,
  };
}

function findProjects(request: Request): Promise<FoundGroup<ProjectHitRow>> {
  return offsetPage(request, 'project', (page) =>
    matchingProjects(request.db, { ...page, projectIds: request.scope.projectIds }),
  );
}

function findPeople(request: Request): Promise<FoundGroup<PersonHitRow>> {
  return offsetPage(request, 'person', (page) =>
    matchingPeople(request.db, { ...page, organizationIds: request.scope.organizationIds }),
  );
}

/** `Effort:abc` on a number field is a 400 that says how to write it, not a search finding nothing. */
async function refuseUnreadableFieldTokens(db: Db, text: SearchText, scope: SearchScope): Promise<void> {
  if (text.fields.length === 0) return;
  const kinds = await fieldKindsByName(
    db,
    scope.organizationIds,
    text.fields.map((field) => field.name),
  );
  for (const field of text.fields) {
    const problem = fieldTokenProblem(field, kinds.get(field.name.toLowerCase()) ?? new Set());
    if (problem) throw badRequest(problem, [{ path: 'querystring.q', message: problem }]);
  }
}

/**
 * GET /api/search: what the user may see (policies/search-scope.ts) that matches the text. A filter
 * naming a project outside the scope is a 404; a text with no letters or digits finds nothing.
 */
export async function search(db: Db, user: CurrentUser, query: SearchQuery): Promise<Found> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const kinds = kindsToAnswer(query.kinds, cursor);
  const scope = await searchScope(db, user);
  if (query.project_id) requireProjectInScope(scope, query.project_id);
  if (query.context_project_id) requireProjectInScope(scope, query.context_project_id);

  const text = readSearchText(query.q);
  if (scope.organizationIds.length === 0) return nothingFound();
  await refuseUnreadableFieldTokens(db, text, scope);
  const assignee = query.assignee;
  const filtered: Omit<Request, 'tsquery'> = {
    db,
    text,
    scope,
    filters: {
      projectIds: query.project_id ? [query.project_id] : scope.projectIds,
      status: query.status,
      assigneeId: assignee === 'me' ? user.user_id : assignee === 'none' ? null : assignee,
      ...(text.estimates ? { estimates: text.estimates } : {}),
      ...(text.parents.length > 0
        ? { parents: { references: text.parents, projectIds: scope.projectIds } }
        : {}),
      ...(text.blocked ? { blocked: true } : {}),
      ...(text.hasParent.length > 0 ? { hasParent: text.hasParent } : {}),
      ...(text.fields.length > 0 ? { customFields: text.fields } : {}),
      ...(text.statusNames.length > 0 ? { statusNames: text.statusNames } : {}),
      ...(text.categories.length > 0 ? { categories: text.categories } : {}),
    },
    contextProjectId: query.context_project_id ?? null,
    cursor,
    limit: query.limit,
  };
  if (text.words.length === 0) {
    // `estimate:>3`, `parent:WEB-12`, `is:blocked` alone list the tasks they keep; only tasks have them.
    if (!hasTaskTokens(text) || !kinds.has('task')) return nothingFound();
    return { ...nothingFound(), tasks: await findFilteredTasks(filtered) };
  }
  const words = await queryWords(db, text, scope);
  const tsquery = toTsquery(words);
  if (!tsquery) return nothingFound();
  const terms: MatchTerms = {
    prefixes: words.flatMap((word) => word.lexemes),
    words: words.flatMap((word) => word.alternatives),
  };
  const request: Request = { ...filtered, tsquery };
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [tasks, comments, projects, people] = await Promise.all([
    kinds.has('task') ? findTasks(request) : none<TaskHitRow>(),
    kinds.has('comment') ? findComments(request) : none<CommentHitRow>(),
    kinds.has('project') ? findProjects(request) : none<ProjectHitRow>(),
    kinds.has('person') ? findPeople(request) : none<PersonHitRow>(),
  ]);
  return { terms, tasks, comments, projects, people };
}
