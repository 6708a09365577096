import { readDayBounds, readNumberBounds } from '@figgle/shared/custom-field-filters';
import type { StatusCategory } from '@figgle/shared/status-categories';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, TaskStatus } from '../../db/schema.ts';
import { FINISHED_CATEGORIES } from '../../db/task-figures.ts';

type Db = Kysely<Database>;

/** Below this score a known word is too far from what was typed to be what was meant. */
const TYPO_SIMILARITY_MIN = 0.35;
const TYPO_ALTERNATIVES_MAX = 5;
/**
 * A page is looked for first among the RECENT_WINDOW most recently active tasks (or comments): a
 * common word fills it there without touching every match. Otherwise the full-text index answers:
 * first reading at most INDEX_CAP matches (all of a rarer word, sorted by date), and only for a word
 * with more, all of them.
 */
const RECENT_WINDOW = 1_000;
export const INDEX_CAP = 1_000;

/** The timestamp a page is sorted by, at full precision (a cursor compares with it). */
const sortKey = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export interface WordRow {
  position: number;
  lexeme: string;
  alternatives: string[] | null;
}

/**
 * Each word as figgle_search reads it (lowercase, no accents), and, for one that begins none of the
 * organizations' known words, the known words it is closest to (pg_trgm similarity).
 */
export async function readWords(db: Db, words: string[], organizationIds: string[]): Promise<WordRow[]> {
  const { rows } = await sql<WordRow>`
    WITH given AS (
      SELECT typed.position::int AS position, lexeme
      FROM unnest(${words}::text[]) WITH ORDINALITY AS typed(word, position),
        unnest(tsvector_to_array(figgle_search_vector(typed.word))) AS lexeme
    )
    SELECT given.position, given.lexeme, typo.words AS alternatives
    FROM given
    LEFT JOIN LATERAL (
      SELECT array_agg(candidate.word::text ORDER BY candidate.score DESC, candidate.word) AS words
      FROM (
        SELECT search_word.word, similarity(search_word.word, given.lexeme) AS score
        FROM search_word
        WHERE figgle_is_search_word(given.lexeme)
          AND NOT EXISTS (
            SELECT 1 FROM search_word AS known
            WHERE known.organization_id = ANY(${organizationIds}::uuid[])
              AND known.word >= given.lexeme AND known.word < given.lexeme || chr(1114111)
          )
          AND search_word.word % given.lexeme
          AND search_word.organization_id = ANY(${organizationIds}::uuid[])
        ORDER BY score DESC
        LIMIT ${TYPO_ALTERNATIVES_MAX}::int
      ) AS candidate
      WHERE candidate.score >= ${TYPO_SIMILARITY_MIN}::real
    ) AS typo ON true
    ORDER BY given.position, given.lexeme
  `.execute(db);
  return rows;
}

/** Filters on tasks (and on the tasks of comments). */
export interface TaskFilters {
  projectIds: string[];
  status?: TaskStatus;
  /** A user id, or null for tasks nobody is assigned to; undefined: any. */
  assigneeId?: string | null;
  /** The estimates a task must have one of (search text `estimate:>3`); undefined: any. */
  estimates?: string[];
  /**
   * `parent:WEB-12`: sub-tasks of the live task of that reference in one of `parentProjectIds` (the
   * projects the person may search), each token to hold.
   */
  parents?: { references: Array<{ code: string; number: number }>; projectIds: string[] };
  /** `is:blocked`: a live task of a live project, neither Done nor Archive, blocks it. */
  blocked?: boolean;
  /** `has:parent` (true), `no:parent` (false): a live parent or none, each to hold. */
  hasParent?: boolean[];
  /** `Platform:iOS`: a value of the custom field of that name on in the task's project, each to hold. */
  customFields?: Array<{ name: string; value: string }>;
  /** `status:"In review"`: the task's status has this name (or key) in its project, each to hold. */
  statusNames?: string[];
  /** `is:done`: the task's status is of one of these categories (migration 0037). */
  categories?: StatusCategory[];
}

/**
 * A task whose value of the field named `name` (on in its project) reads as `value`: an option of
 * that name, a person of that first or last name or email, yes/no for a checkbox, text, a URL or a
 * day holding it (case aside); a number or a day within a condition (`>5`, `2..8`, `<2026-03-01`,
 * `2026-03-01`: @figgle/shared/custom-field-filters); `*`: any value. The statement's text is the
 * same whatever the value: each part is a parameter, null when it does not apply.
 */
function customFieldMatch({ name, value }: { name: string; value: string }): RawBuilder<unknown> {
  const numbers = readNumberBounds(value);
  const days = readDayBounds(value);
  const number = sql`(cv.value #>> '{}')::numeric`;
  const day = sql`(cv.value #>> '{}')`;
  return sql`EXISTS (SELECT 1 FROM task_custom_value AS cv
    JOIN custom_field AS cf ON cf.field_id = cv.field_id
    JOIN project_custom_field AS pcf ON pcf.field_id = cf.field_id AND pcf.project_id = task.project_id
    WHERE cv.task_id = task.task_id AND lower(cf.name) = lower(${name}::text) AND (
      ${value === '*'}::boolean
      OR (cf.kind IN ('single_select', 'multi_select') AND EXISTS (
        SELECT 1 FROM jsonb_array_elements(cf.options) AS opt
        WHERE lower(opt ->> 'name') = lower(${value}::text)
          AND (cv.value = to_jsonb(opt ->> 'option_id') OR cv.value @> jsonb_build_array(opt ->> 'option_id'))))
      OR (cf.kind = 'checkbox' AND cv.value = to_jsonb(lower(${value}::text) IN ('yes', 'true')))
      OR (cf.kind = 'number' AND ${numbers !== null}::boolean AND CASE WHEN jsonb_typeof(cv.value) = 'number'
        THEN (${numbers?.low ?? null}::numeric IS NULL OR ${number} > ${numbers?.low ?? null}::numeric
            OR (${numbers?.lowIncluded ?? false}::boolean AND ${number} = ${numbers?.low ?? null}::numeric))
          AND (${numbers?.high ?? null}::numeric IS NULL OR ${number} < ${numbers?.high ?? null}::numeric
            OR (${numbers?.highIncluded ?? false}::boolean AND ${number} = ${numbers?.high ?? null}::numeric))
        ELSE false END)
      OR (cf.kind = 'date' AND ${days !== null}::boolean
        AND (${days?.low ?? null}::text IS NULL OR ${day} > ${days?.low ?? null}::text
          OR (${days?.lowIncluded ?? false}::boolean AND ${day} = ${days?.low ?? null}::text))
        AND (${days?.high ?? null}::text IS NULL OR ${day} < ${days?.high ?? null}::text
          OR (${days?.highIncluded ?? false}::boolean AND ${day} = ${days?.high ?? null}::text)))
      OR (cf.kind IN ('text', 'url') AND position(lower(${value}::text) IN lower(cv.value #>> '{}')) > 0)
      OR (cf.kind = 'date' AND ${days === null}::boolean
        AND position(lower(${value}::text) IN lower(cv.value #>> '{}')) > 0)
      OR (cf.kind = 'person' AND EXISTS (SELECT 1 FROM app_user AS person
        WHERE person.user_id::text = cv.value #>> '{}' AND lower(${value}::text)
          IN (lower(person.firstname), lower(person.lastname), lower(person.email))))
    ))`;
}

/**
 * The kinds of the custom fields of these organizations named as a search token names them
 * (`Effort:abc`), to tell a condition the field cannot hold (a 400) from one that finds nothing.
 */
export async function fieldKindsByName(
  db: Db,
  organizationIds: string[],
  names: string[],
): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ name: string; kind: string }>`
    SELECT DISTINCT lower(name) AS name, kind FROM custom_field
    WHERE organization_id = ANY(${organizationIds}::uuid[]) AND lower(name) = ANY(${names.map((n) => n.toLowerCase())}::text[])
  `.execute(db);
  const kinds = new Map<string, Set<string>>();
  for (const row of rows) kinds.set(row.name, (kinds.get(row.name) ?? new Set()).add(row.kind));
  return kinds;
}

const LIVE_PARENT = sql`EXISTS (SELECT 1 FROM task AS parent JOIN project AS parent_project
  ON parent_project.project_id = parent.project_id AND parent_project.deleted_at IS NULL
  WHERE parent.task_id = task.parent_id AND parent.deleted_at IS NULL)`;

/** As the Blocked mark reads it (features/tasks/queries.ts): an open blocker, live in a live project. */
const OPEN_BLOCKER = sql`EXISTS (SELECT 1 FROM task_relation AS blocking
  JOIN task AS blocker ON blocker.task_id = blocking.from_task_id AND blocker.deleted_at IS NULL
    AND blocker.status_category NOT IN ${FINISHED_CATEGORIES}
  JOIN project AS blocker_project ON blocker_project.project_id = blocker.project_id
    AND blocker_project.deleted_at IS NULL
  WHERE blocking.to_task_id = task.task_id AND blocking.kind = 'blocks')`;

function taskFilter(filters: TaskFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`task.project_id = ANY(${filters.projectIds}::uuid[])`];
  if (filters.status) parts.push(sql`task.status = ${filters.status}::text`);
  if (filters.assigneeId === null) parts.push(sql`task.assignee_id IS NULL`);
  else if (filters.assigneeId !== undefined) parts.push(sql`task.assignee_id = ${filters.assigneeId}::uuid`);
  if (filters.estimates) parts.push(sql`task.estimate = ANY(${filters.estimates}::text[])`);
  for (const reference of filters.parents?.references ?? [])
    parts.push(sql`task.parent_id IN (SELECT parent.task_id FROM task AS parent
      JOIN project AS parent_project ON parent_project.project_id = parent.project_id
      WHERE parent.project_id = ANY(${filters.parents!.projectIds}::uuid[])
        AND upper(parent_project.trigram) = ${reference.code}::text
        AND parent.reference = ${reference.number}::integer AND parent.deleted_at IS NULL)`);
  if (filters.blocked) parts.push(OPEN_BLOCKER);
  for (const wanted of filters.hasParent ?? []) parts.push(wanted ? LIVE_PARENT : sql`NOT ${LIVE_PARENT}`);
  for (const field of filters.customFields ?? []) parts.push(customFieldMatch(field));
  for (const name of filters.statusNames ?? [])
    parts.push(sql`EXISTS (SELECT 1 FROM project_status AS named
      WHERE named.project_id = task.project_id AND named.key = task.status
        AND (lower(named.name) = lower(${name}::text) OR lower(named.key) = lower(${name}::text)))`);
  if (filters.categories) parts.push(sql`task.status_category = ANY(${filters.categories}::text[])`);
  return sql.join(parts, sql` AND `);
}

export interface TaskHitRow {
  task_id: string;
  project_id: string;
  project_name: string;
  project_code: string;
  reference: number;
  title: string;
  status: TaskStatus;
  /** The status's name in the task's project, and its category (migration 0037). */
  status_name: string;
  status_category: StatusCategory;
  assignee_id: string | null;
  assignee_firstname: string | null;
  assignee_lastname: string | null;
  description: string;
  due_on: string | null;
  due_at: string | null;
  start_date: string | null;
  updated_at: Date;
  sort_at: string;
}

const TASK_HIT_COLUMNS = sql`
  task.task_id, task.project_id, project.name AS project_name, project.trigram AS project_code,
  task.reference, task.title, task.status, coalesce(status_of.name, task.status) AS status_name,
  task.status_category, task.assignee_id,
  assignee.firstname AS assignee_firstname, assignee.lastname AS assignee_lastname,
  figgle_delta_text(task.content_json) AS description, task.updated_at,
  to_char(task.due_on, 'YYYY-MM-DD') AS due_on,
  to_char(task.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS due_at,
  to_char(task.start_on, 'YYYY-MM-DD') AS start_date,
  ${sortKey('task.updated_at')} AS sort_at`;

const TASK_HIT_JOINS = sql`
  JOIN project ON project.project_id = task.project_id
  LEFT JOIN project_status AS status_of ON status_of.project_id = task.project_id
    AND status_of.key = task.status
  LEFT JOIN app_user AS assignee ON assignee.user_id = task.assignee_id`;

/** The tasks a typed reference names (`CHE-12`, or `#12` in the current project), in the filters. */
export async function tasksByReference(
  db: Db,
  reference: { code: string | null; number: number; projectId: string | null },
  filters: TaskFilters,
): Promise<TaskHitRow[]> {
  const where = reference.code
    ? sql`upper(project.trigram) = ${reference.code}::text`
    : sql`task.project_id = ${reference.projectId}::uuid`;
  const { rows } = await sql<TaskHitRow>`
    SELECT ${TASK_HIT_COLUMNS}
    FROM task ${TASK_HIT_JOINS}
    WHERE ${where} AND task.reference = ${reference.number}::int AND task.deleted_at IS NULL
      AND ${taskFilter(filters)}
    ORDER BY project.name, task.task_id
    LIMIT 10
  `.execute(db);
  return rows;
}

/** Phase 1: the title matches; phase 2: matches in the description (or across both) but not the title. */
export type TaskPhase = 1 | 2;

export interface TaskPage {
  tsquery: string;
  phase: TaskPhase;
  filters: TaskFilters;
  /** Tasks already shown (the reference's), left out. */
  excluded: string[];
  /** After this hit in (updated_at, task_id) order, newest first. */
  after?: { at: string; id: string };
  limit: number;
}

function phaseMatch(phase: TaskPhase, tsquery: string): RawBuilder<unknown> {
  return phase === 1
    ? sql`task_search.title_vector @@ ${tsquery}::tsquery`
    : sql`task_search.vector @@ ${tsquery}::tsquery AND NOT task_search.title_vector @@ ${tsquery}::tsquery`;
}

function afterTask(page: { after?: { at: string; id: string } }): RawBuilder<unknown> {
  return page.after
    ? sql`AND (task.updated_at, task.task_id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
}

/**
 * Matches among the RECENT_WINDOW most recently active tasks of the filters, newest first. The window
 * comes in date order from task_recent_idx and keeps that order through the join, so a common word
 * stops the walk as soon as a page is full.
 */
export async function recentTaskMatches(db: Db, page: TaskPage): Promise<TaskHitRow[]> {
  const { rows } = await sql<TaskHitRow>`
    SELECT ${TASK_HIT_COLUMNS}
    FROM (
      SELECT recent.task_id FROM (
        SELECT task.task_id, task.updated_at FROM task
        WHERE task.deleted_at IS NULL AND ${taskFilter(page.filters)} ${afterTask(page)}
        ORDER BY task.updated_at DESC, task.task_id DESC
        LIMIT ${RECENT_WINDOW}
      ) AS recent
      JOIN task_search ON task_search.task_id = recent.task_id
      WHERE ${phaseMatch(page.phase, page.tsquery)} AND NOT recent.task_id = ANY(${page.excluded}::uuid[])
      ORDER BY recent.updated_at DESC, recent.task_id DESC
      LIMIT ${page.limit}
    ) AS found
    JOIN task ON task.task_id = found.task_id ${TASK_HIT_JOINS}
    ORDER BY task.updated_at DESC, task.task_id DESC
  `.execute(db);
  return rows;
}

/**
 * A search of filters alone (`estimate:>3` without words): the tasks of the filters, newest
 * activity first, a page after `after`.
 */
export async function filteredTasks(
  db: Db,
  page: { filters: TaskFilters; after?: { at: string; id: string }; limit: number },
): Promise<TaskHitRow[]> {
  const { rows } = await sql<TaskHitRow>`
    SELECT ${TASK_HIT_COLUMNS}
    FROM task ${TASK_HIT_JOINS}
    WHERE task.deleted_at IS NULL AND ${taskFilter(page.filters)} ${afterTask(page)}
    ORDER BY task.updated_at DESC, task.task_id DESC
    LIMIT ${page.limit}
  `.execute(db);
  return rows;
}

/**
 * The matches through the full-text index, newest first, read whole when there are fewer than `cap`
 * (null: no cap). With `cap` or more, `complete` is false and no rows come back. The matches are
 * gathered apart (figgle_task_matches, a materialized CTE) so the planner cannot walk the whole task
 * list by date instead, as it would for a word it wrongly thinks is common.
 */
export async function indexedTaskMatches(
  db: Db,
  page: TaskPage,
  cap: number | null,
): Promise<{ rows: TaskHitRow[]; complete: boolean }> {
  const { rows } = await sql<{ matched: number } & Partial<TaskHitRow>>`
    WITH matched AS MATERIALIZED (
      SELECT task_id FROM figgle_task_matches(${page.tsquery}::tsquery,
        ${page.filters.projectIds}::uuid[], ${page.phase === 1}::boolean, ${cap}::int) AS task_id
    )
    SELECT counted.matched, hit.*
    FROM (SELECT count(*)::int AS matched FROM matched) AS counted
    LEFT JOIN LATERAL (
      SELECT ${TASK_HIT_COLUMNS}
      FROM matched JOIN task ON task.task_id = matched.task_id ${TASK_HIT_JOINS}
      WHERE task.deleted_at IS NULL AND ${taskFilter(page.filters)} ${afterTask(page)}
        AND NOT task.task_id = ANY(${page.excluded}::uuid[])
      ORDER BY task.updated_at DESC, task.task_id DESC
      LIMIT ${page.limit}
    ) AS hit ON true
  `.execute(db);
  const complete = cap === null || (rows[0]?.matched ?? 0) < cap;
  return {
    rows: complete ? (rows.filter((row) => row.task_id) as TaskHitRow[]) : [],
    complete,
  };
}

export interface CommentHitRow {
  comment_id: string;
  task_id: string;
  task_reference: number;
  task_title: string;
  project_id: string;
  project_code: string;
  author_id: string | null;
  author_firstname: string | null;
  author_lastname: string | null;
  text: string;
  created_at: Date;
  sort_at: string;
}

export interface CommentPage {
  tsquery: string;
  filters: TaskFilters;
  after?: { at: string; id: string };
  limit: number;
}

const COMMENT_HIT_COLUMNS = sql`
  comment.comment_id, comment.task_id, task.reference AS task_reference, task.title AS task_title,
  task.project_id, project.trigram AS project_code, author.user_id AS author_id,
  author.firstname AS author_firstname, author.lastname AS author_lastname,
  figgle_delta_text(comment.content_json) AS text, comment.created_at,
  ${sortKey('comment.created_at')} AS sort_at`;

const COMMENT_HIT_JOINS = sql`
  JOIN comment ON comment.comment_id = comment_search.comment_id
  JOIN task ON task.task_id = comment.task_id
  JOIN project ON project.project_id = task.project_id
  LEFT JOIN app_user AS author ON author.user_id = comment.author_id`;

function afterComment(page: CommentPage): RawBuilder<unknown> {
  return page.after
    ? sql`AND (comment_search.created_at, comment_search.comment_id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`
    : sql``;
}

/** Matches among the RECENT_WINDOW latest comments of the filters' projects, newest first. */
export async function recentCommentMatches(db: Db, page: CommentPage): Promise<CommentHitRow[]> {
  const { rows } = await sql<CommentHitRow>`
    SELECT ${COMMENT_HIT_COLUMNS}
    FROM (
      SELECT recent.comment_id FROM (
        SELECT comment_search.comment_id, comment_search.created_at, comment_search.vector
        FROM comment_search
        WHERE comment_search.project_id = ANY(${page.filters.projectIds}::uuid[]) ${afterComment(page)}
        ORDER BY comment_search.created_at DESC, comment_search.comment_id DESC
        LIMIT ${RECENT_WINDOW}
      ) AS recent
      JOIN comment ON comment.comment_id = recent.comment_id
      JOIN task ON task.task_id = comment.task_id
      WHERE recent.vector @@ ${page.tsquery}::tsquery
        AND task.deleted_at IS NULL AND ${taskFilter(page.filters)}
      ORDER BY recent.created_at DESC, recent.comment_id DESC
      LIMIT ${page.limit}
    ) AS found
    JOIN comment_search ON comment_search.comment_id = found.comment_id ${COMMENT_HIT_JOINS}
    ORDER BY comment_search.created_at DESC, comment_search.comment_id DESC
  `.execute(db);
  return rows;
}

/** The matching comments through the full-text index, newest first, as indexedTaskMatches reads tasks. */
export async function indexedCommentMatches(
  db: Db,
  page: CommentPage,
  cap: number | null,
): Promise<{ rows: CommentHitRow[]; complete: boolean }> {
  const { rows } = await sql<{ matched: number } & Partial<CommentHitRow>>`
    WITH matched AS MATERIALIZED (
      SELECT comment_id FROM figgle_comment_matches(${page.tsquery}::tsquery,
        ${page.filters.projectIds}::uuid[], ${cap}::int) AS comment_id
    )
    SELECT counted.matched, hit.*
    FROM (SELECT count(*)::int AS matched FROM matched) AS counted
    LEFT JOIN LATERAL (
      SELECT ${COMMENT_HIT_COLUMNS}
      FROM matched JOIN comment_search ON comment_search.comment_id = matched.comment_id
        ${COMMENT_HIT_JOINS}
      WHERE task.deleted_at IS NULL AND ${taskFilter(page.filters)} ${afterComment(page)}
      ORDER BY comment_search.created_at DESC, comment_search.comment_id DESC
      LIMIT ${page.limit}
    ) AS hit ON true
  `.execute(db);
  const complete = cap === null || (rows[0]?.matched ?? 0) < cap;
  return {
    rows: complete ? (rows.filter((row) => row.comment_id) as CommentHitRow[]) : [],
    complete,
  };
}

export interface ProjectHitRow {
  project_id: string;
  name: string;
  code: string;
  emoji: string;
  organization_id: string;
  organization_name: string;
}

/** Live projects of the organizations whose name matches, or whose code is one of the words. */
export async function matchingProjects(
  db: Db,
  input: { tsquery: string; words: string[]; projectIds: string[]; offset: number; limit: number },
): Promise<ProjectHitRow[]> {
  const { rows } = await sql<ProjectHitRow>`
    SELECT project.project_id, project.name, project.trigram AS code, project.emoji,
      project.organization_id, organization.name AS organization_name
    FROM project JOIN organization ON organization.organization_id = project.organization_id
    WHERE project.project_id = ANY(${input.projectIds}::uuid[])
      AND (project.search_vector @@ ${input.tsquery}::tsquery
        OR upper(project.trigram) = ANY(${input.words.map((word) => word.toUpperCase())}::text[]))
    ORDER BY lower(project.name), project.project_id
    LIMIT ${input.limit} OFFSET ${input.offset}
  `.execute(db);
  return rows;
}

export interface PersonHitRow {
  user_id: string;
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * People holding a role in the organizations whose name or address matches; a name also matches a
 * close misspelling (pg_trgm word similarity), since names are not in the typo word lists.
 */
export async function matchingPeople(
  db: Db,
  input: { tsquery: string; words: string[]; organizationIds: string[]; offset: number; limit: number },
): Promise<PersonHitRow[]> {
  const { rows } = await sql<PersonHitRow>`
    SELECT app_user.user_id, app_user.firstname, app_user.lastname, app_user.email
    FROM app_user
    WHERE app_user.user_id IN (
        SELECT rule.user_id FROM rule WHERE rule.organization_id = ANY(${input.organizationIds}::uuid[])
      )
      AND (
        figgle_search_vector(app_user.firstname || ' ' || app_user.lastname || ' ' || app_user.email)
          @@ ${input.tsquery}::tsquery
        OR word_similarity(figgle_unaccent(lower(${input.words.join(' ')}::text)),
          figgle_unaccent(lower(app_user.firstname || ' ' || app_user.lastname))) >= 0.5
      )
    ORDER BY lower(app_user.lastname), lower(app_user.firstname), app_user.user_id
    LIMIT ${input.limit} OFFSET ${input.offset}
  `.execute(db);
  return rows;
}
