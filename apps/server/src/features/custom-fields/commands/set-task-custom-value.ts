import { type CustomValue, customValueText, readCustomValue } from '@figgle/shared/custom-field-schemas';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { logRow } from '../../../commands/log-rows.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { type LockedTaskPlan, lockTaskToPlan } from '../../../commands/task-field-writes.ts';
import type { Database } from '../../../db/schema.ts';
import { badRequest } from '../../../http/errors.ts';

const NOT_ON_PROJECT = "This field is not on in the task's project.";

/**
 * Sets a task's value of a custom field, or removes it (null), with a CUSTOM_FIELD log line naming
 * the field and both values in words. The field must be on in the task's project, and the value of
 * its kind (an existing option, a member for a person): anything else is a 400 that changes nothing.
 * A field of another organization reads as not on in the project, so nothing leaks. Setting the
 * value it has changes nothing.
 */
export async function setTaskCustomValue(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, fieldId, value }: { taskId: string; fieldId: string; value: CustomValue | null },
): Promise<void> {
  await publishAfterTransaction(
    { db, bus },
    (trx) => writeTaskCustomValue(trx, user, { taskId, fieldId, value }),
    (written) => (written.changed ? taskUpdated(written, user.user_id) : null),
  );
}

/**
 * The write of setTaskCustomValue inside the caller's transaction (a bulk change runs it for each of
 * its tasks): locks the task, checks the role, the field and the value (a 400 rolls the caller's
 * transaction back), then writes the value, a new version and the CUSTOM_FIELD log line.
 */
export async function writeTaskCustomValue(
  trx: Transaction<Database>,
  user: CurrentUser,
  { taskId, fieldId, value }: { taskId: string; fieldId: string; value: CustomValue | null },
): Promise<LockedTaskPlan & { changed: boolean }> {
  const task = await lockTaskToPlan(trx, user, taskId);
  const field = await trx
    .selectFrom('project_custom_field')
    .innerJoin('custom_field', 'custom_field.field_id', 'project_custom_field.field_id')
    .select(['custom_field.name', 'custom_field.kind', 'custom_field.unit', 'custom_field.options'])
    .where('project_custom_field.project_id', '=', task.projectId)
    .where('project_custom_field.field_id', '=', fieldId)
    .where('custom_field.organization_id', '=', task.organizationId)
    .executeTakeFirst();
  if (!field) {
    throw badRequest(NOT_ON_PROJECT, [{ path: 'params.fieldId', message: 'is not on in this project' }]);
  }
  const read = readCustomValue(field, value);
  if (!read.ok) throw badRequest(read.message, [{ path: 'body.value', message: read.message }]);
  const next = read.value;
  if (field.kind === 'person' && typeof next === 'string')
    await requireMember(trx, task.organizationId, next);
  const stored = await trx
    .selectFrom('task_custom_value')
    .select('value')
    .where('task_id', '=', taskId)
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
  const old = stored?.value ?? null;
  if (JSON.stringify(old) === JSON.stringify(next)) return { ...task, changed: false };
  if (next === null) {
    await trx
      .deleteFrom('task_custom_value')
      .where('task_id', '=', taskId)
      .where('field_id', '=', fieldId)
      .execute();
  } else {
    await trx
      .insertInto('task_custom_value')
      .values({ task_id: taskId, field_id: fieldId, value: JSON.stringify(next) })
      .onConflict((conflict) =>
        conflict
          .columns(['task_id', 'field_id'])
          .doUpdateSet({ value: JSON.stringify(next), updated_at: new Date() }),
      )
      .execute();
  }
  const names = await personNames(trx, [old, next]);
  const words = (v: CustomValue | null) =>
    customValueText(field, v, (id) => names.get(id) ?? 'a former member') || null;
  await trx
    .updateTable('task')
    .set((eb) => ({
      version: eb('version', '+', 1),
      updated_at: new Date(),
      last_modified_by: user.user_id,
    }))
    .where('task_id', '=', taskId)
    .execute();
  await trx
    .insertInto('log')
    .values(
      logRow({ ...task, taskId }, user.user_id, 'CUSTOM_FIELD', {
        custom_field: { field_id: fieldId, name: field.name, old: words(old), new: words(next) },
      }),
    )
    .execute();
  return { ...task, changed: true };
}

async function requireMember(
  trx: Transaction<Database>,
  organizationId: string,
  userId: string,
): Promise<void> {
  const rule = await trx
    .selectFrom('rule')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!rule) {
    throw badRequest('This person is not a member of the organization.', [
      { path: 'body.value', message: 'is not a member' },
    ]);
  }
}

/** The names of the people among the values, for the log's words. */
async function personNames(trx: Transaction<Database>, values: Array<CustomValue | null>) {
  const ids = values.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v));
  if (ids.length === 0) return new Map<string, string>();
  const users = await trx
    .selectFrom('app_user')
    .select(['user_id', 'firstname', 'lastname'])
    .where('user_id', 'in', ids)
    .execute();
  return new Map(users.map((u) => [u.user_id, `${u.firstname} ${u.lastname}`.trim()]));
}
