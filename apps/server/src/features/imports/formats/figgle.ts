import type { ImportAnalysis, ImportProblem } from '@figgle/shared/import-schemas';
import { startIsAfterDue } from '@figgle/shared/planning-schemas';
import {
  PROJECT_EXPORT_FORMAT,
  type ProjectExport,
  projectExportSchema,
} from '@figgle/shared/project-export-schemas';
import { SUBTASKS_PER_PARENT_MAX } from '@figgle/shared/subtask-schemas';
import type { DeltaJson, RelationKind } from '../../../db/schema.ts';
import type { TemplateToImport } from '../../task-templates/commands/import-task-templates.ts';
import type {
  ImportLabel,
  ImportPlan,
  ImportPlanning,
  ImportStructure,
  ImportTask,
  StructureEnd,
} from '../import-item.ts';

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

const rowOf = (task: ProjectExport['tasks'][number]) =>
  `Task #${task.reference} “${task.title.slice(0, 60)}”`;

/** A side as stored: "A is blocked by B" is "B blocks A"; "relates to" keeps its two ends in one order. */
function storedRelation(
  side: ProjectExport['tasks'][number]['relations'][number]['side'],
  self: StructureEnd,
  other: StructureEnd,
): { kind: RelationKind; from: StructureEnd; to: StructureEnd } {
  if (side === 'blocks') return { kind: 'blocks', from: self, to: other };
  if (side === 'blocked_by') return { kind: 'blocks', from: other, to: self };
  if (side === 'duplicates') return { kind: 'duplicates', from: self, to: other };
  if (side === 'duplicated_by') return { kind: 'duplicates', from: other, to: self };
  return byteOrder(endName(self), endName(other)) <= 0
    ? { kind: 'relates', from: self, to: other }
    : { kind: 'relates', from: other, to: self };
}

const endName = (end: StructureEnd) => ('key' in end ? `key:${end.key}` : `id:${end.id}`);

/**
 * The file's parents and relations (decision 0017's rules, applied to the file): a parent of the
 * file is found by its id in the file, any other by its id or reference when the import places it
 * (place-structure.ts). A task under itself, a parent link that would close a cycle (A under B under
 * A: the link read last, in reference order, is dropped), a sub-task past SUBTASKS_PER_PARENT_MAX and
 * a relation of a task with itself are left out and told; the tasks themselves come in.
 */
function figgleStructure(file: ProjectExport): { structure: ImportStructure; problems: ImportProblem[] } {
  const tasks = [...file.tasks].sort((a, b) => a.reference - b.reference);
  const inFile = new Set(tasks.map((task) => task.id));
  const end = (link: { id: string; reference: string }): StructureEnd =>
    inFile.has(link.id) ? { key: link.id } : { id: link.id, reference: link.reference };
  const problems: ImportProblem[] = [];
  const accepted = new Map<string, string>();
  const parents: ImportStructure['parents'] = [];
  const placed: Array<{ task: (typeof tasks)[number]; parent: StructureEnd }> = [];
  for (const task of tasks) {
    if (!task.parent) continue;
    const row = rowOf(task);
    if (task.parent.id === task.id) {
      problems.push({
        row,
        reason: 'It is its own parent in the file: it comes in at the top level.',
        imported: true,
      });
      continue;
    }
    if (inFile.has(task.parent.id)) {
      let above: string | undefined = task.parent.id;
      let depth = 0;
      while (above !== undefined && above !== task.id && depth <= tasks.length) {
        above = accepted.get(above);
        depth += 1;
      }
      if (above === task.id) {
        problems.push({
          row,
          reason: `Its parent ${task.parent.reference} is also one of its sub-tasks in the file (a cycle): it comes in at the top level.`,
          imported: true,
        });
        continue;
      }
      accepted.set(task.id, task.parent.id);
    }
    placed.push({ task, parent: end(task.parent) });
  }
  // Each parent's sub-tasks in their order: by position, those without one after, then by reference.
  placed.sort(
    (a, b) =>
      (a.task.subtask_position ?? Number.MAX_SAFE_INTEGER) -
        (b.task.subtask_position ?? Number.MAX_SAFE_INTEGER) || a.task.reference - b.task.reference,
  );
  const perParent = new Map<string, number>();
  for (const { task, parent } of placed) {
    const count = (perParent.get(endName(parent)) ?? 0) + 1;
    perParent.set(endName(parent), count);
    if (count > SUBTASKS_PER_PARENT_MAX) {
      problems.push({
        row: rowOf(task),
        reason: `Its parent has more than ${SUBTASKS_PER_PARENT_MAX.toLocaleString('en')} sub-tasks in the file: it comes in at the top level.`,
        imported: true,
      });
      continue;
    }
    parents.push({ row: rowOf(task), child: task.id, parent });
  }

  const relations: ImportStructure['relations'] = [];
  const seen = new Set<string>();
  for (const task of tasks) {
    for (const relation of task.relations) {
      if (relation.task.id === task.id) {
        problems.push({ row: rowOf(task), reason: 'A relation with itself was left out.', imported: true });
        continue;
      }
      const stored = storedRelation(relation.side, { key: task.id }, end(relation.task));
      const name = `${stored.kind} ${endName(stored.from)} ${endName(stored.to)}`;
      if (seen.has(name)) continue;
      seen.add(name);
      relations.push({ row: rowOf(task), ...stored });
    }
  }
  return { structure: { parents, relations }, problems };
}

/**
 * A project exported by Figgle, back as it was: each task with its status and place in its column,
 * description (its delta as it was), due date, start date, priority, estimate (and the project's estimate scale),
 * labels, checklist and comments (with their
 * authors' names and dates), its parent, place among its parent's sub-tasks and relations (placed
 * after the last task, place-structure.ts), milestone and cycle (the file's milestones and cycles
 * are made or found first: import-planning.ts). People are matched by email with the organization's members: an
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
  const { structure, problems: structureProblems } = figgleStructure(file);
  const named = new Set<string>();
  for (const { child, parent } of structure.parents) named.add(child).add('key' in parent ? parent.key : '');
  for (const { from, to } of structure.relations)
    named.add('key' in from ? from.key : '').add('key' in to ? to.key : '');
  const planning = figglePlanning(file);
  const milestoneKeys = new Set(planning.milestones.map((milestone) => milestone.key));
  const cycleKeys = new Set(planning.cycles.map((cycle) => cycle.key));
  const planned: ImportTask[] = tasks.map((task) => {
    const row = rowOf(task);
    const problems: ImportProblem[] = [];
    const assignee = task.assignee ? people.get(task.assignee) : undefined;
    if (task.assignee && !assignee?.email)
      problems.push({
        row,
        reason: `Its assignee (${nameOf(task.assignee, 'someone')}) has no email in the file: the task is unassigned.`,
        imported: true,
      });
    const startAfterDue = startIsAfterDue(task.start_date, task.due_on, task.due_at);
    if (startAfterDue)
      problems.push({
        row,
        reason: `Its start date ${task.start_date} is after its due date: the task comes in without a start date.`,
        imported: true,
      });
    return {
      row,
      title: task.title,
      status: task.status,
      description: task.description as DeltaJson,
      dueOn: task.due_on,
      dueAt: task.due_at,
      startOn: startAfterDue ? null : task.start_date,
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
      ...(named.has(task.id) ? { key: task.id } : {}),
      milestoneKey: task.milestone !== null && milestoneKeys.has(task.milestone) ? task.milestone : null,
      cycleKey: task.cycle !== null && cycleKeys.has(task.cycle) ? task.cycle : null,
      customTexts: customTextsOf(file, task, people),
    };
  });
  return {
    tasks: planned,
    taskCount: planned.length,
    labels: [...labels.values()],
    skipped: structureProblems,
    estimateScale: file.project.estimate_scale,
    structure,
    planning,
  };
}

/**
 * A task's custom values as a file's cells (the CSV's reading): options by name, a person by email,
 * yes/no; the batch reads them again against the organization's fields (write-batch.ts).
 */
function customTextsOf(
  file: ProjectExport,
  task: Pick<ProjectExport['tasks'][number], 'custom_values'>,
  people: ReadonlyMap<string, { email?: string | null }>,
): Array<{ fieldId: string; text: string }> {
  return task.custom_values.flatMap(({ field: key, value }) => {
    const field = file.custom_fields.find((candidate) => candidate.id === key);
    if (!field) return [];
    const optionName = (id: unknown) => field.options.find((option) => option.id === id)?.name ?? '';
    let text: string;
    if (field.kind === 'single_select') text = optionName(value);
    else if (field.kind === 'multi_select')
      text = (Array.isArray(value) ? value : []).map(optionName).filter(Boolean).join('|');
    else if (field.kind === 'person') text = (typeof value === 'string' && people.get(value)?.email) || '';
    else if (field.kind === 'checkbox') text = value === true ? 'yes' : 'no';
    else text = String(value);
    return text ? [{ fieldId: key, text }] : [];
  });
}

/** The file's milestones, cycle settings and cycles, each by its id in the file. */
function figglePlanning(file: ProjectExport): ImportPlanning {
  return {
    milestones: file.milestones.map((milestone) => ({
      key: milestone.id,
      name: milestone.name,
      targetOn: milestone.target_date,
      description: milestone.description,
    })),
    cycleSettings: file.project.cycle_settings
      ? {
          enabled: file.project.cycle_settings.enabled,
          weeks: file.project.cycle_settings.weeks,
          weekStart: file.project.cycle_settings.week_start,
        }
      : null,
    cycles: file.cycles.map((cycle) => ({
      key: cycle.id,
      number: cycle.number,
      name: cycle.name,
      startsOn: cycle.starts_on,
      endsOn: cycle.ends_on,
      closedAt: cycle.closed_at,
      finalScope: cycle.final_scope,
      finalDone: cycle.final_done,
      finalScopePoints: cycle.final_scope_points,
      finalDonePoints: cycle.final_done_points,
    })),
    customFields: file.custom_fields.map((field) => ({
      key: field.id,
      name: field.name,
      kind: field.kind,
      unit: field.unit,
      options: field.options.map((option) => ({ name: option.name, colour: option.colour })),
    })),
    templates: figgleTemplates(file),
  };
}

/** The file's task templates: labels by name, values as cells (the tasks' reading of them). */
function figgleTemplates(file: ProjectExport): TemplateToImport[] {
  const labels = new Map(file.labels.map((label) => [label.id, label]));
  const people = new Map(file.members.map((person) => [person.id, person]));
  return file.templates.map((template) => ({
    name: template.name,
    titlePattern: template.title_pattern,
    description: template.description as DeltaJson,
    checklist: template.checklist,
    subtasks: template.subtasks,
    labels: template.labels.flatMap((id) => {
      const label = labels.get(id);
      return label ? [{ name: label.name, color: label.color }] : [];
    }),
    priority: template.priority,
    estimate: template.estimate,
    customTexts: customTextsOf(file, template, people).map(({ fieldId, text }) => ({
      fieldKey: fieldId,
      text,
    })),
  }));
}
