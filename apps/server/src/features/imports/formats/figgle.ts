import type { ImportAnalysis, ImportProblem } from '@figgle/shared/import-schemas';
import {
  PROJECT_EXPORT_FORMAT,
  type ProjectExport,
  projectExportSchema,
} from '@figgle/shared/project-export-schemas';
import type { DeltaJson } from '../../../db/schema.ts';
import type { ImportLabel, ImportPlan, ImportTask } from '../import-item.ts';

/** Whether parsed JSON says it is a Figgle project export, before it is checked in full. */
export function looksLikeFiggle(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    (json as { format?: unknown }).format === PROJECT_EXPORT_FORMAT
  );
}

export function readFiggleExport(json: unknown): { file: ProjectExport } | { error: string } {
  const parsed = projectExportSchema.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  const issue = parsed.error.issues[0]!;
  return {
    error: `This Figgle export cannot be read: ${issue.path.join('.') || 'the file'} ${issue.message.toLowerCase()}.`,
  };
}

export function analyseFiggle(file: ProjectExport): ImportAnalysis {
  return {
    format: 'figgle',
    project_name: file.project.name,
    tasks: file.tasks.length,
    comments: file.tasks.reduce((sum, task) => sum + task.comments.length, 0),
    labels: file.labels.length,
  };
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A project exported by Figgle, back as it was: each task with its status and place in its column,
 * description (its delta as it was), due date, priority, estimate (and the project's estimate scale),
 * labels, checklist and comments (with their
 * authors' names and dates). People are matched by email with the organization's members: an
 * assignee who is not one comes in unassigned and is listed. The change log starts again with the
 * import's creation line.
 */
export function planFiggle(file: ProjectExport): ImportPlan {
  const people = new Map(file.members.map((person) => [person.id, person]));
  const nameOf = (id: string | null, fallback: string) => {
    const person = id ? people.get(id) : undefined;
    return person ? `${person.firstname} ${person.lastname}`.trim() || fallback : fallback;
  };
  const labels = new Map<string, ImportLabel>(
    file.labels.map((label) => [label.id, { name: label.name, color: label.color }]),
  );
  // Column by column in board order: the new ranks keep each column's order.
  const tasks = [...file.tasks].sort((a, b) => byteOrder(a.rank, b.rank) || a.reference - b.reference);
  const planned: ImportTask[] = tasks.map((task) => {
    const row = `Task #${task.reference} “${task.title.slice(0, 60)}”`;
    const problems: ImportProblem[] = [];
    const assignee = task.assignee ? people.get(task.assignee) : undefined;
    if (task.assignee && !assignee?.email)
      problems.push({
        row,
        reason: `Its assignee (${nameOf(task.assignee, 'someone')}) has no email in the file: the task is unassigned.`,
        imported: true,
      });
    return {
      row,
      title: task.title,
      status: task.status,
      description: task.description as DeltaJson,
      dueOn: task.due_on,
      dueAt: task.due_at,
      priority: task.priority,
      estimate: task.estimate,
      assigneeEmail: assignee?.email?.toLowerCase() ?? null,
      labels: task.labels.flatMap((id) => {
        const label = labels.get(id);
        return label ? [label.name] : [];
      }),
      checklist: [...task.checklist]
        .sort((a, b) => byteOrder(a.rank, b.rank))
        .map((item) => ({ text: item.text, done: item.done })),
      comments: task.comments.map((comment) => ({
        authorName: nameOf(comment.author, comment.author_name),
        at: comment.created_at,
        content: comment.content as DeltaJson,
      })),
      problems,
    };
  });
  return {
    tasks: planned,
    taskCount: planned.length,
    labels: [...labels.values()],
    skipped: [],
    estimateScale: file.project.estimate_scale,
  };
}
