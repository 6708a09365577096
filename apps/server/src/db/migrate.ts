import { getMigrations } from 'better-auth/db/migration';
import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely';
import { authSchemaOptions } from './auth-schema.ts';
import { applyDatabaseFunctions } from './database-functions.ts';
import * as domain from './migrations/0001_domain.ts';
import * as figmaIntegration from './migrations/0002_figma_integration.ts';
import * as inboxDashboard from './migrations/0003_inbox_dashboard.ts';
import * as moveTaskFunction from './migrations/0004_move_task_function.ts';
import * as renameTaskFunction from './migrations/0005_rename_task_function.ts';
import * as moveTaskNeighboursByRank from './migrations/0006_move_task_neighbours_by_rank.ts';
import * as invitationRevocation from './migrations/0007_invitation_revocation.ts';
import * as durableJobs from './migrations/0008_durable_jobs.ts';
import * as oneTaskChangeFunction from './migrations/0009_one_task_change_function.ts';
import * as search from './migrations/0010_search.ts';
import * as planning from './migrations/0011_planning.ts';
import * as calendarAndRemarkableTasks from './migrations/0012_calendar_and_remarkable_tasks.ts';
import * as watchersNotifications from './migrations/0013_watchers_notifications.ts';
import * as notificationEmails from './migrations/0014_notification_emails.ts';
import * as apiTokens from './migrations/0015_api_tokens.ts';
import * as webhooks from './migrations/0016_webhooks.ts';
import * as imports from './migrations/0017_imports.ts';
import * as timeOrderedTaskIds from './migrations/0018_time_ordered_task_ids.ts';
import * as sessionWriteNotices from './migrations/0019_session_write_notices.ts';
import * as commentEditsAndTaskMoves from './migrations/0020_comment_edits_and_task_moves.ts';
import * as webhookPause from './migrations/0021_webhook_pause.ts';
import * as importedComments from './migrations/0022_imported_comments.ts';
import * as subtasksRelationsEstimates from './migrations/0023_subtasks_relations_estimates.ts';
import * as subtaskOrder from './migrations/0024_subtask_order.ts';
import * as calendarFeeds from './migrations/0025_calendar_feeds.ts';
import * as startDate from './migrations/0026_start_date.ts';
import * as taskFigmaNodes from './migrations/0027_task_figma_nodes.ts';
import * as figmaOAuth from './migrations/0028_figma_oauth.ts';
import * as figmaDevResources from './migrations/0029_figma_dev_resources.ts';
import * as figmaWebhooksDevStatus from './migrations/0030_figma_webhooks_dev_status.ts';
import * as designChanges from './migrations/0031_design_changes.ts';
import * as milestones from './migrations/0032_milestones.ts';
import * as cycles from './migrations/0033_cycles.ts';
import * as recurringTasks from './migrations/0034_recurring_tasks.ts';
import * as trash from './migrations/0035_trash.ts';
import * as customFields from './migrations/0036_custom_fields.ts';
import * as projectStatuses from './migrations/0037_project_statuses.ts';
import * as figmaRenderBudget from './migrations/0039_figma_render_budget.ts';
import * as taskTemplates from './migrations/0040_task_templates.ts';
import * as restoreLogCategoryRecurrence from './migrations/0041_restore_log_category_recurrence.ts';
import * as userLocale from './migrations/0042_user_locale.ts';
import * as figmaReadyAnyStatus from './migrations/0043_figma_ready_any_status.ts';
import type { Database } from './schema.ts';
import { type MigrationState, readMigrationState, refuseNewerDatabase } from './upgrade-guard.ts';

/** Migrations are listed here (not read from disk) so bundling or a changed cwd cannot lose one. */
const migrations: Record<string, Migration> = {
  '0001_domain': domain,
  '0002_figma_integration': figmaIntegration,
  '0003_inbox_dashboard': inboxDashboard,
  '0004_move_task_function': moveTaskFunction,
  '0005_rename_task_function': renameTaskFunction,
  '0006_move_task_neighbours_by_rank': moveTaskNeighboursByRank,
  '0007_invitation_revocation': invitationRevocation,
  '0008_durable_jobs': durableJobs,
  '0009_one_task_change_function': oneTaskChangeFunction,
  '0010_search': search,
  '0011_planning': planning,
  '0012_calendar_and_remarkable_tasks': calendarAndRemarkableTasks,
  '0013_watchers_notifications': watchersNotifications,
  '0014_notification_emails': notificationEmails,
  '0015_api_tokens': apiTokens,
  '0016_webhooks': webhooks,
  '0017_imports': imports,
  '0018_time_ordered_task_ids': timeOrderedTaskIds,
  '0019_session_write_notices': sessionWriteNotices,
  '0020_comment_edits_and_task_moves': commentEditsAndTaskMoves,
  '0021_webhook_pause': webhookPause,
  '0022_imported_comments': importedComments,
  '0023_subtasks_relations_estimates': subtasksRelationsEstimates,
  '0024_subtask_order': subtaskOrder,
  '0025_calendar_feeds': calendarFeeds,
  '0026_start_date': startDate,
  '0027_task_figma_nodes': taskFigmaNodes,
  '0028_figma_oauth': figmaOAuth,
  '0029_figma_dev_resources': figmaDevResources,
  '0030_figma_webhooks_dev_status': figmaWebhooksDevStatus,
  '0031_design_changes': designChanges,
  '0032_milestones': milestones,
  '0033_cycles': cycles,
  '0036_custom_fields': customFields,
  '0034_recurring_tasks': recurringTasks,
  '0035_trash': trash,
  '0039_figma_render_budget': figmaRenderBudget,
  '0037_project_statuses': projectStatuses,
  '0040_task_templates': taskTemplates,
  '0041_restore_log_category_recurrence': restoreLogCategoryRecurrence,
  '0042_user_locale': userLocale,
  '0043_figma_ready_any_status': figmaReadyAnyStatus,
};

/** The names of every domain migration, in order. */
export const migrationNames = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

interface MigrateOptions {
  /**
   * Runs once the database is known not to be newer than this code and before anything in it changes
   * (main.ts takes the automatic backup here); a rejection stops the migrations.
   */
  beforeMigrating?: (state: MigrationState) => Promise<void>;
}

/**
 * Refuses a database migrated by a newer Figgle (upgrade-guard.ts) before touching it; then
 * better-auth's own tables (its programmatic migrator), then the numbered domain migrations, then
 * the functions and triggers of db/functions/ whose text changed (database-functions.ts).
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  { beforeMigrating }: MigrateOptions = {},
): Promise<void> {
  const state = await readMigrationState(db, migrationNames);
  refuseNewerDatabase(state, migrationNames);
  await beforeMigrating?.(state);
  await migrate(db, (migrator) => migrator.migrateToLatest());
  await applyDatabaseFunctions(db);
}

/**
 * Brings a database up to `name` and no further, without db/functions/: tests of an upgrade make an
 * older database with it.
 */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  if (!migrationNames.includes(name)) throw new Error(`There is no migration ${name}.`);
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const auth = await getMigrations(authSchemaOptions(db));
  await auth.runMigrations();

  const { error, results } = await run(new Migrator({ db, provider }));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
