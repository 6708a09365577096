import { type Kysely, sql } from 'kysely';
import type { Database, LabelColor } from '../../db/schema.ts';

export interface LabelRow {
  label_id: string;
  name: string;
  color: LabelColor;
  task_count: number;
}

/** Live tasks (of live projects) carrying the label named `label`. */
const TASK_COUNT = sql.raw(`(SELECT count(*)::integer FROM task_label
  JOIN task ON task.task_id = task_label.task_id AND task.deleted_at IS NULL
  JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
  WHERE task_label.label_id = label.label_id)`);

/** The organization's labels sorted by name, as task summaries list them, with their task counts. */
export async function labelsOf(db: Kysely<Database>, organizationId: string): Promise<LabelRow[]> {
  const { rows } = await sql<LabelRow>`
    SELECT label.label_id, label.name, label.color, ${TASK_COUNT} AS task_count
    FROM label WHERE label.organization_id = ${organizationId}
    ORDER BY lower(label.name), label.name, label.label_id
  `.execute(db);
  return rows;
}

export async function labelOf(db: Kysely<Database>, labelId: string): Promise<LabelRow | undefined> {
  const { rows } = await sql<LabelRow>`
    SELECT label.label_id, label.name, label.color, ${TASK_COUNT} AS task_count
    FROM label WHERE label.label_id = ${labelId}
  `.execute(db);
  return rows[0];
}

/** Another label of the organization already has this name, whatever its case. */
export async function nameTaken(
  db: Kysely<Database>,
  organizationId: string,
  name: string,
  exceptLabelId: string | null,
): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM label WHERE organization_id = ${organizationId} AND lower(name) = lower(${name})
        AND label_id IS DISTINCT FROM ${exceptLabelId}::uuid
    ) AS taken
  `.execute(db);
  return rows[0]?.taken === true;
}
