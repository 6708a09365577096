import type {
  ExportedCycle,
  ExportedLabel,
  ExportedLogEntry,
  ExportedMilestone,
  ExportedPerson,
  ExportedTask,
  ProjectExport,
} from '@figgle/shared/project-export-schemas';
import { UPLOAD_URL_PREFIX } from '@figgle/shared/upload-schemas';
import { iso } from '../../http/iso-time.ts';
import type {
  ExportChecklistRow,
  ExportCommentRow,
  ExportCycleRow,
  ExportLabelRow,
  ExportLogRow,
  ExportMilestoneRow,
  ExportPersonRow,
  ExportProjectRow,
  ExportRelationRow,
  ExportTaskRow,
  ExportUploadRow,
} from './queries.ts';

/**
 * A person as an export names them. The email goes out only while they are a member of the
 * organization: exactly what the members table already shows every member. Someone who has left
 * keeps their name, never their address. Password hashes, sessions and Figma tokens are not read.
 */
export function presentPerson(row: ExportPersonRow): ExportedPerson {
  return {
    id: row.user_id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.role ? row.email : null,
    role: row.role,
  };
}

export function presentLabel(row: ExportLabelRow): ExportedLabel {
  return { id: row.label_id, name: row.name, color: row.color };
}

export function presentMilestone(row: ExportMilestoneRow): ExportedMilestone {
  return {
    id: row.milestone_id,
    name: row.name,
    target_date: row.target_date,
    description: row.description,
    created_at: iso(row.created_at),
  };
}

export function presentCycle(row: ExportCycleRow): ExportedCycle {
  return {
    id: row.cycle_id,
    number: row.number,
    name: row.name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    closed_at: row.closed_at === null ? null : iso(row.closed_at),
    final_scope: row.final_scope,
    final_done: row.final_done,
    final_scope_points: row.final_scope_points,
    final_done_points: row.final_done_points,
  };
}

export function presentProjectHeader(
  row: ExportProjectRow,
  cycleSettings: ProjectExport['project']['cycle_settings'],
): ProjectExport['project'] {
  return {
    name: row.name,
    trigram: row.trigram,
    emoji: row.emoji,
    description: row.description,
    default_view: row.default_view,
    estimate_scale: row.estimate_scale,
    last_reference: row.last_reference,
    cycle_settings: cycleSettings,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** What belongs to each task of a page, read in one statement per kind. */
export interface TaskParts {
  checklist: ExportChecklistRow[];
  comments: ExportCommentRow[];
  log: ExportLogRow[];
  relations: ExportRelationRow[];
  uploads: ExportUploadRow[];
}

function presentLog(row: ExportLogRow): ExportedLogEntry {
  return {
    type: row.type,
    author: row.author_id,
    created_at: iso(row.created_at),
    metadata: row.metadata as ExportedLogEntry['metadata'],
  };
}

export function presentTask(row: ExportTaskRow, parts: TaskParts): ExportedTask {
  return {
    id: row.task_id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    rank: row.rank,
    description: row.content_json as ExportedTask['description'],
    author: row.author_id,
    author_name: row.author_name,
    assignee: row.assignee_id,
    due_on: row.due_on,
    due_at: row.due_at,
    start_date: row.start_date,
    priority: row.priority,
    estimate: row.estimate as ExportedTask['estimate'],
    parent:
      row.parent_id && row.parent_reference ? { id: row.parent_id, reference: row.parent_reference } : null,
    subtask_position: row.subtask_position,
    milestone: row.milestone_id,
    cycle: row.cycle_id,
    // Filled in by the project's export, which reads the custom fields once for all its tasks.
    custom_values: [],
    relations: parts.relations.map((relation) => ({
      side: relation.side,
      task: { id: relation.other_id, reference: relation.other_reference },
    })),
    labels: row.labels.map((label) => label.label_id),
    checklist: parts.checklist.map((item) => ({
      text: item.text,
      done: item.done,
      rank: item.rank,
      created_at: iso(item.created_at),
    })),
    comments: parts.comments.map((comment) => ({
      id: comment.comment_id,
      author: comment.author_id,
      author_name: comment.author_name,
      created_at: iso(comment.created_at),
      content: comment.content_json as ExportedTask['description'],
    })),
    log: parts.log.map(presentLog),
    uploads: parts.uploads.map((upload) => ({
      name: upload.file_name,
      content_type: upload.content_type,
      size: Number(upload.size_bytes),
      path: upload.path,
      url: `${UPLOAD_URL_PREFIX}${upload.path}`,
      created_at: iso(upload.created_at),
    })),
    from_figma: row.is_from_figma,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mentionedIn(delta: ExportedTask['description']): unknown[] {
  return delta.ops.map((op) =>
    typeof op.insert === 'object' ? (op.insert.mention as { id?: unknown })?.id : null,
  );
}

/**
 * The people a task names (author, assignee, commenters, the change log, mentions), to list once in
 * the file's `members`. Only ids of the shape of a user id: a mention's id is free text in a delta.
 */
export function peopleNamedBy(task: ExportedTask): string[] {
  const ids: unknown[] = [task.author, task.assignee, ...mentionedIn(task.description)];
  for (const comment of task.comments) ids.push(comment.author, ...mentionedIn(comment.content));
  for (const line of task.log) {
    ids.push(line.author);
    const assignee = line.metadata.assignee_id;
    if (assignee) ids.push(assignee.old, assignee.new);
  }
  return ids.filter((id): id is string => typeof id === 'string' && UUID.test(id));
}
