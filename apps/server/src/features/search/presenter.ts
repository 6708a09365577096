import type { CommentHit, PersonHit, ProjectHit, SearchAnswer, TaskHit } from '@figgle/shared/search-schemas';
import { type MatchTerms, markText, opening, snippet } from './marks.ts';
import type { CommentHitRow, PersonHitRow, ProjectHitRow, TaskHitRow } from './queries.ts';

const taskReference = (code: string, number: number) => `${code.toUpperCase()}-${number}`;

function person(
  userId: string | null,
  firstname: string | null,
  lastname: string | null,
): TaskHit['assignee'] {
  return userId ? { user_id: userId, firstname: firstname ?? '', lastname: lastname ?? '' } : null;
}

function presentTaskHit(row: TaskHitRow, terms: MatchTerms): TaskHit {
  return {
    task_id: row.task_id,
    project_id: row.project_id,
    project_name: row.project_name,
    project_code: row.project_code.toUpperCase(),
    reference: taskReference(row.project_code, row.reference),
    number: row.reference,
    title: markText(row.title, terms),
    status: row.status,
    status_name: row.status_name,
    status_category: row.status_category,
    assignee: person(row.assignee_id, row.assignee_firstname, row.assignee_lastname),
    snippet: snippet(row.description, terms),
    due_on: row.due_on,
    due_at: row.due_at,
    start_date: row.start_date,
    updated_at: row.updated_at.toISOString(),
  };
}

function presentCommentHit(row: CommentHitRow, terms: MatchTerms): CommentHit {
  return {
    comment_id: row.comment_id,
    task_id: row.task_id,
    task_reference: taskReference(row.project_code, row.task_reference),
    task_title: row.task_title,
    project_id: row.project_id,
    project_code: row.project_code.toUpperCase(),
    author: person(row.author_id, row.author_firstname, row.author_lastname),
    snippet: snippet(row.text, terms) ?? opening(row.text),
    created_at: row.created_at.toISOString(),
  };
}

function presentProjectHit(row: ProjectHitRow, terms: MatchTerms): ProjectHit {
  return {
    project_id: row.project_id,
    name: markText(row.name, terms),
    code: row.code.toUpperCase(),
    emoji: row.emoji,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
  };
}

function presentPersonHit(row: PersonHitRow, terms: MatchTerms): PersonHit {
  return {
    user_id: row.user_id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    name: markText(`${row.firstname} ${row.lastname}`.trim(), terms),
  };
}

export interface FoundGroup<Row> {
  rows: Row[];
  nextCursor: string | null;
}

export interface Found {
  terms: MatchTerms;
  tasks: FoundGroup<TaskHitRow>;
  comments: FoundGroup<CommentHitRow>;
  projects: FoundGroup<ProjectHitRow>;
  people: FoundGroup<PersonHitRow>;
}

/** A group of hits as the answer lists them: each row presented with the search's terms, and the next page's cursor. */
function presentGroup<Row, Item>(
  group: FoundGroup<Row>,
  terms: MatchTerms,
  present: (row: Row, terms: MatchTerms) => Item,
): { items: Item[]; next_cursor: string | null } {
  return { items: group.rows.map((row) => present(row, terms)), next_cursor: group.nextCursor };
}

export function presentSearch(found: Found): SearchAnswer {
  const { terms } = found;
  return {
    tasks: presentGroup(found.tasks, terms, presentTaskHit),
    comments: presentGroup(found.comments, terms, presentCommentHit),
    projects: presentGroup(found.projects, terms, presentProjectHit),
    people: presentGroup(found.people, terms, presentPersonHit),
  };
}
