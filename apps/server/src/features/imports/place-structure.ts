import type { ImportProblem } from '@figgle/shared/import-schemas';
import type { LogMetadata } from '@figgle/shared/log-type';
import { type RelationSide, SUBTASKS_PER_PARENT_MAX } from '@figgle/shared/subtask-schemas';
import { type Kysely, sql } from 'kysely';
import { leaveOutLoops, lockBlockers, lockTasksInOrder } from '../../commands/blocker-loops.ts';
import type { Database, RelationKind, TaskStatus } from '../../db/schema.ts';
import type { ImportStructure, StructureEnd } from './import-item.ts';
import type { BatchContext } from './write-batch.ts';

/** A task outside the import that gained a sub-task or a relation: its page and lists hear of it. */
export interface TouchedTask {
  task_id: string;
  project_id: string;
  status: TaskStatus;
}

/**
 * Keeps a batch's new ids of the tasks the file's structure names on the run (`mapping.written`,
 * by key), in the batch's transaction: the last batch finds them all, also after a restart.
 */
export async function rememberKeys(
  trx: Kysely<Database>,
  importId: string,
  keyed: Record<string, string>,
): Promise<void> {
  if (Object.keys(keyed).length === 0) return;
  await sql`
    UPDATE import_run SET mapping = coalesce(mapping, '{}'::jsonb) || jsonb_build_object('written',
      coalesce(mapping->'written', '{}'::jsonb) || ${JSON.stringify(keyed)}::jsonb)
    WHERE import_id = ${importId}
  `.execute(trx);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^([A-Za-z0-9]{3})-(\d{1,9})$/;

interface FoundTask {
  task_id: string;
  project_id: string;
  status: TaskStatus;
  ref: string;
}

/**
 * The live tasks of the organization that the outside ends name: by the exporting server's id
 * (the same server), else by reference in a project other than the import's when exactly one task
 * has it. An end found neither way is left out by the caller.
 */
async function findOutside(
  trx: Kysely<Database>,
  context: BatchContext,
  ends: Array<{ id: string; reference: string }>,
): Promise<Map<string, FoundTask>> {
  const found = new Map<string, FoundTask>();
  if (ends.length === 0) return found;
  const parsed = ends.map((end) => REFERENCE.exec(end.reference));
  const { rows } = await sql<FoundTask & { position: number; by_id: boolean }>`
    SELECT given.position::int AS position, found.task_id, found.project_id, found.status, found.ref, found.by_id
    FROM unnest(${ends.map((end) => (UUID.test(end.id) ? end.id : null))}::uuid[],
      ${parsed.map((match) => match?.[1]?.toUpperCase() ?? null)}::text[],
      ${parsed.map((match) => (match ? Number(match[2]) : null))}::integer[])
      WITH ORDINALITY AS given(id, code, number, position)
    JOIN LATERAL (
      SELECT task.task_id, task.project_id, task.status, project.trigram || '-' || task.reference AS ref,
        true AS by_id
      FROM task JOIN project ON project.project_id = task.project_id
      WHERE task.task_id = given.id
        AND project.organization_id = ${context.organizationId}::uuid
        AND task.deleted_at IS NULL AND project.deleted_at IS NULL
      UNION ALL
      SELECT task.task_id, task.project_id, task.status, project.trigram || '-' || task.reference, false
      FROM project JOIN task ON task.project_id = project.project_id AND task.reference = given.number
      WHERE project.organization_id = ${context.organizationId}::uuid AND upper(project.trigram) = given.code
        AND project.project_id <> ${context.projectId}::uuid
        AND task.deleted_at IS NULL AND project.deleted_at IS NULL
    ) AS found ON true
  `.execute(trx);
  ends.forEach((end, index) => {
    const matches = rows.filter((row) => row.position === index + 1);
    const match = matches.find((row) => row.by_id) ?? (matches.length === 1 ? matches[0] : undefined);
    if (match)
      found.set(end.id, {
        task_id: match.task_id,
        project_id: match.project_id,
        status: match.status,
        ref: match.ref,
      });
  });
  return found;
}

/** A task changed by the import from outside it: its version goes up and its log says what came. */
async function recordOutside(
  trx: Kysely<Database>,
  context: BatchContext,
  lines: Array<{ task: FoundTask; type: 'PARENT' | 'RELATION'; metadata: LogMetadata }>,
): Promise<void> {
  if (lines.length === 0) return;
  const ids = [...new Set(lines.map((line) => line.task.task_id))];
  await sql`
    UPDATE task SET version = version + 1, updated_at = now(), last_modified_by = ${context.authorId}
    WHERE task_id = ANY(${ids}::uuid[])
  `.execute(trx);
  await sql`
    INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
    SELECT t.task_id, t.project_id, ${context.organizationId}, ${context.authorId}, t.type, t.metadata::jsonb
    FROM unnest(${lines.map((line) => line.task.task_id)}::uuid[],
      ${lines.map((line) => line.task.project_id)}::uuid[], ${lines.map((line) => line.type)}::text[],
      ${lines.map((line) => JSON.stringify(line.metadata))}::text[]) AS t(task_id, project_id, type, metadata)
  `.execute(trx);
}

const SIDES: Record<RelationKind, { from: RelationSide; to: RelationSide }> = {
  blocks: { from: 'blocks', to: 'blocked_by' },
  relates: { from: 'relates', to: 'relates' },
  duplicates: { from: 'duplicates', to: 'duplicated_by' },
};

/**
 * The file's relations less each "blocks" that would close a loop of blockers, with those the
 * organization holds or those of the file before it (decision 0017's rule, as by hand): checked as
 * task-relations.ts checks one, the outside tasks' rows locked in id order, then the organization's
 * lock of blockers, so a relation added by hand meanwhile is seen. Only a loop through an outside
 * task can meet a writer other than this import: the file's own tasks are new.
 */
async function withoutLoops<T extends { kind: RelationKind; from_task_id: string; to_task_id: string }>(
  trx: Kysely<Database>,
  context: BatchContext,
  candidates: T[],
  outsideIds: ReadonlySet<string>,
): Promise<{ kept: T[]; leftOut: Array<{ relation: T; loop: string[] }> }> {
  const blocks = candidates.filter((relation) => relation.kind === 'blocks');
  if (blocks.length === 0) return { kept: candidates, leftOut: [] };
  await lockTasksInOrder(
    trx,
    blocks
      .flatMap((relation) => [relation.from_task_id, relation.to_task_id])
      .filter((id) => outsideIds.has(id)),
  );
  await lockBlockers(trx, context.organizationId);
  return leaveOutLoops(trx, candidates);
}

/**
 * In the last batch's transaction, once every task of the file exists: each sub-task under its
 * parent (a parent of the file: in the file's order from 1; one outside it, found in the organization:
 * after its sub-tasks, at most SUBTASKS_PER_PARENT_MAX), then the relations, each once (one the
 * organization already holds is kept as it is). A parent or relation whose other task is in no live
 * project of the organization, and a "blocks" that would close a loop of blockers, are left out and told. Tasks outside the import that gain a sub-task or a
 * relation get a PARENT or RELATION line, as by hand, and are answered for the events.
 */
export async function placeStructure(
  trx: Kysely<Database>,
  context: BatchContext,
  importId: string,
  structure: ImportStructure,
): Promise<{ problems: ImportProblem[]; touched: TouchedTask[] }> {
  const problems: ImportProblem[] = [];
  if (structure.parents.length === 0 && structure.relations.length === 0) return { problems, touched: [] };
  const run = await trx
    .selectFrom('import_run')
    .select(sql<Record<string, string> | null>`mapping->'written'`.as('written'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  const written = new Map(Object.entries(run?.written ?? {}));
  const outsideEnds = new Map<string, { id: string; reference: string }>();
  for (const end of [
    ...structure.parents.map((entry) => entry.parent),
    ...structure.relations.flatMap((relation) => [relation.from, relation.to]),
  ])
    if (!('key' in end)) outsideEnds.set(end.id, end);
  const outside = await findOutside(trx, context, [...outsideEnds.values()]);
  const idOf = (end: StructureEnd) => ('key' in end ? written.get(end.key) : outside.get(end.id)?.task_id);
  const nameOf = (end: StructureEnd) => ('key' in end ? 'a task of the file' : end.reference);
  const outsideLines: Parameters<typeof recordOutside>[2] = [];

  const children: string[] = [];
  const parentIds: string[] = [];
  const positions: number[] = [];
  /** Per parent: its last sub-task's position and how many it has, the file's included as they come. */
  const lastPosition = new Map<string, number>();
  const subtaskCount = new Map<string, number>();
  const outsideParents = structure.parents.filter((entry) => !('key' in entry.parent));
  if (outsideParents.length > 0) {
    // As set-task-parent.ts: parent changes of one organization one after the other.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-tree:${context.organizationId}`}, 0))`.execute(
      trx,
    );
    const ids = [
      ...new Set(outsideParents.map((entry) => idOf(entry.parent)).filter((id) => id !== undefined)),
    ];
    const { rows } = await sql<{ parent_id: string; count: number; last: number }>`
      SELECT parent_id, count(*)::int AS count, coalesce(max(subtask_position), 0)::int AS last FROM task
      WHERE parent_id = ANY(${ids}::uuid[]) AND deleted_at IS NULL GROUP BY parent_id
    `.execute(trx);
    for (const row of rows) {
      lastPosition.set(row.parent_id, row.last);
      subtaskCount.set(row.parent_id, row.count);
    }
  }
  for (const entry of structure.parents) {
    const child = idOf({ key: entry.child });
    const parent = idOf(entry.parent);
    if (!child) continue;
    if (!parent) {
      problems.push({
        row: entry.row,
        reason: `Its parent ${nameOf(entry.parent)} is in no project of this organization: it comes in at the top level.`,
        imported: true,
      });
      continue;
    }
    const count = (subtaskCount.get(parent) ?? 0) + 1;
    if (count > SUBTASKS_PER_PARENT_MAX) {
      problems.push({
        row: entry.row,
        reason: `Its parent ${nameOf(entry.parent)} has ${SUBTASKS_PER_PARENT_MAX.toLocaleString('en')} sub-tasks, the most a task can have: it comes in at the top level.`,
        imported: true,
      });
      continue;
    }
    subtaskCount.set(parent, count);
    const position = (lastPosition.get(parent) ?? 0) + 1;
    lastPosition.set(parent, position);
    children.push(child);
    parentIds.push(parent);
    positions.push(position);
  }
  if (children.length > 0) {
    const { rows } = await sql<{ parent_id: string; task_id: string; ref: string }>`
      UPDATE task SET parent_id = t.parent_id, subtask_position = t.position
      FROM unnest(${children}::uuid[], ${parentIds}::uuid[], ${positions}::integer[]) AS t(task_id, parent_id, position),
        project
      WHERE task.task_id = t.task_id AND project.project_id = task.project_id
      RETURNING task.parent_id, task.task_id, project.trigram || '-' || task.reference AS ref
    `.execute(trx);
    const outsideById = new Map([...outside.values()].map((task) => [task.task_id, task]));
    for (const row of rows) {
      const parent = outsideById.get(row.parent_id);
      if (parent)
        outsideLines.push({
          task: parent,
          type: 'PARENT',
          metadata: { subtask: { task_id: row.task_id, reference: row.ref, added: true } },
        });
    }
  }

  const candidates: Array<{ row: string; kind: RelationKind; from_task_id: string; to_task_id: string }> = [];
  for (const relation of structure.relations) {
    const fromId = idOf(relation.from);
    const toId = idOf(relation.to);
    if (!fromId || !toId) {
      const missing = fromId ? relation.to : relation.from;
      problems.push({
        row: relation.row,
        reason: `Its relation with ${nameOf(missing)} was left out: that task is in no project of this organization.`,
        imported: true,
      });
      continue;
    }
    if (fromId === toId) continue;
    // "relates to" is one row whichever end added it, its ends in one order (task-relations.ts).
    const [first, second] = relation.kind === 'relates' && toId < fromId ? [toId, fromId] : [fromId, toId];
    candidates.push({ row: relation.row, kind: relation.kind, from_task_id: first, to_task_id: second });
  }
  const { kept, leftOut } = await withoutLoops(
    trx,
    context,
    candidates,
    new Set([...outside.values()].map((task) => task.task_id)),
  );
  for (const { relation, loop } of leftOut)
    problems.push({
      row: relation.row,
      reason: `Its relation "${loop[0]} blocks ${loop[1]}" was left out: it would make a loop of blockers, ${loop.join(' → ')}.`,
      imported: true,
    });
  const from = kept.map((relation) => relation.from_task_id);
  const to = kept.map((relation) => relation.to_task_id);
  const kinds = kept.map((relation) => relation.kind);
  if (from.length > 0) {
    const { rows } = await sql<{ from_task_id: string; to_task_id: string; kind: RelationKind }>`
      INSERT INTO task_relation (organization_id, from_task_id, to_task_id, kind, created_by)
      SELECT ${context.organizationId}, t.from_id, t.to_id, t.kind, ${context.authorId}
      FROM unnest(${from}::uuid[], ${to}::uuid[], ${kinds}::text[]) AS t(from_id, to_id, kind)
      ON CONFLICT (from_task_id, to_task_id, kind) DO NOTHING
      RETURNING from_task_id, to_task_id, kind
    `.execute(trx);
    const outsideById = new Map([...outside.values()].map((task) => [task.task_id, task]));
    const importedIds = rows
      .flatMap((row) => [row.from_task_id, row.to_task_id])
      .filter((id) => !outsideById.has(id));
    const { rows: refs } = await sql<{ task_id: string; ref: string }>`
      SELECT task.task_id, project.trigram || '-' || task.reference AS ref
      FROM task JOIN project ON project.project_id = task.project_id
      WHERE task.task_id = ANY(${importedIds}::uuid[])
    `.execute(trx);
    const refOf = new Map(refs.map((row) => [row.task_id, row.ref]));
    for (const row of rows) {
      for (const [self, other, side] of [
        [row.from_task_id, row.to_task_id, SIDES[row.kind].from],
        [row.to_task_id, row.from_task_id, SIDES[row.kind].to],
      ] as const) {
        const task = outsideById.get(self);
        const otherRef = refOf.get(other);
        if (task && otherRef)
          outsideLines.push({
            task,
            type: 'RELATION',
            metadata: {
              relation: { kind: side, task_id: other, reference: otherRef, added: true },
            },
          });
      }
    }
  }
  await recordOutside(trx, context, outsideLines);
  const touched = new Map(
    outsideLines.map((line) => [
      line.task.task_id,
      { task_id: line.task.task_id, project_id: line.task.project_id, status: line.task.status },
    ]),
  );
  return { problems, touched: [...touched.values()] };
}
