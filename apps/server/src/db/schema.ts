import type { TaskStatus } from '@figgle/shared/status';
import type { StatusCategory } from '@figgle/shared/status-categories';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the migrations in ./migrations, written by hand next to them. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, T | string, T | string>;
/** A JSON column with a database default: optional on insert (Generated<Json<T>> does not unwrap). */
type JsonWithDefault<T> = ColumnType<T, T | string | undefined, T | string>;

export type { TaskStatus };
export type Role = 'OWNER' | 'MEMBER';
export type LogType =
  | 'STATUS'
  | 'TITLE'
  | 'ASSIGNEE'
  | 'CONTENT'
  | 'COMMENT'
  | 'CREATION'
  | 'DUE_DATE'
  | 'PRIORITY'
  | 'LABELS'
  | 'COMMENT_EDIT'
  | 'COMMENT_DELETE'
  | 'MOVE'
  | 'PARENT'
  | 'RELATION'
  | 'ESTIMATE'
  | 'START_DATE'
  | 'MILESTONE'
  | 'CYCLE'
  | 'CUSTOM_FIELD'
  | 'RESTORE';
export type TaskPriority = 'URGENT' | 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE';
export type LabelColor =
  | 'gray'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'lime'
  | 'green'
  | 'teal'
  | 'cyan'
  | 'blue'
  | 'indigo'
  | 'violet'
  | 'grape'
  | 'pink';

export interface DeltaJson {
  ops: Array<Record<string, unknown>>;
}

interface AppUserTable {
  user_id: Generated<string>;
  auth_user_id: string;
  email: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  needs_onboarding: Generated<boolean>;
  color_scheme: Generated<'auto' | 'light' | 'dark'>;
  /** Migration 0042: the chosen language; NULL follows the browser (and English for emails). */
  locale: 'en' | 'de' | 'fr' | 'es' | null;
  figma_token_encrypted: string | null;
  figma_token_redacted: string | null;
  inbox_seen_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface OrganizationTable {
  organization_id: Generated<string>;
  name: string;
  figma_team_id: string | null;
  figma_reply_on_done: Generated<boolean>;
  /** IANA name (migration 0034): recurring tasks count days and keep due times in it. */
  time_zone: Generated<string>;
  created_at: CreatedAt;
}

type FigmaWebhookEvent = 'FILE_COMMENT' | 'DEV_MODE_STATUS_UPDATE' | 'FILE_VERSION_UPDATE' | 'FILE_UPDATE';

/** The organization's Figma webhooks, one per event type (migration 0030). */
interface FigmaWebhookTable {
  organization_id: string;
  event_type: FigmaWebhookEvent;
  webhook_id: string;
  passcode: string;
  /** Whose Figma token registered it: the token used when no person is asking. */
  user_id: string | null;
  created_at: CreatedAt;
}

interface RuleTable {
  rule_id: Generated<string>;
  organization_id: string;
  user_id: string;
  role: Role;
  created_at: CreatedAt;
}

interface InvitationTable {
  invitation_id: Generated<string>;
  organization_id: string;
  email: string;
  firstname: string;
  lastname: string;
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

interface ProjectTable {
  project_id: Generated<string>;
  organization_id: string;
  name: string;
  trigram: string;
  emoji: Generated<'fox' | 'octopus' | 'alien' | 'seeding' | 'fish'>;
  description: Generated<string>;
  default_view: Generated<'LIST' | 'KANBAN' | 'CALENDAR'>;
  estimate_scale: Generated<'none' | 'points' | 'tshirt'>;
  last_reference: Generated<number>;
  /** The status a task moves to when a linked design becomes Ready for dev; null: off (migration 0030). */
  figma_ready_status: string | null;
  figma_ready_rule_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** Who deleted it (migration 0035); null while live, or when that person is gone. */
  deleted_by: Generated<string | null>;
}

interface BookmarkTable {
  user_id: string;
  project_id: string;
  created_at: CreatedAt;
}

interface TaskTable {
  task_id: Generated<string>;
  project_id: string;
  reference: number;
  title: string;
  status: Generated<TaskStatus>;
  /** The category of its status in its project, kept by a trigger (migration 0037): read-only here. */
  status_category: Generated<StatusCategory>;
  rank: string;
  author_id: string | null;
  author_name: Generated<string>;
  assignee_id: string | null;
  last_modified_by: string | null;
  content_json: JsonWithDefault<DeltaJson>;
  is_from_figma: Generated<boolean>;
  figma_client_meta: Json<Record<string, unknown>> | null;
  comments_total: Generated<number>;
  version: Generated<number>;
  /**
   * A day (drivers read a date as a local-midnight Date: select it as to_char(due_on,
   * 'YYYY-MM-DD') text), written as 'YYYY-MM-DD'. At most one of due_on and due_at is set.
   */
  due_on: ColumnType<Date | string, string | null | undefined, string | null> | null;
  due_at: Timestamp | null;
  /** The day work starts (migration 0026), 'YYYY-MM-DD' like due_on; never after the due day. */
  start_on: ColumnType<Date | string, string | null | undefined, string | null> | null;
  priority: Generated<TaskPriority>;
  /** The task this one is a sub-task of, in the same organization (migration 0023). */
  parent_id: string | null;
  /** Its place among its parent's sub-tasks, from 1; null before migration 0024 or at the top level. */
  subtask_position: number | null;
  /** From the project's estimate scale: '1'…'13' (points) or 'XS'…'XL' (t-shirt sizes). */
  estimate: string | null;
  /** The milestone of its project it belongs to (migration 0032); cleared when it changes project. */
  milestone_id: string | null;
  /** The cycle of its project it is planned in (migration 0033); cleared when it changes project. */
  cycle_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** Who deleted it (migration 0035); null while live, or when that person is gone. */
  deleted_by: Generated<string | null>;
}

/** What a trash_item keeps for a restore (migration 0035). */
export interface TrashRestore {
  /** TASK: the task and the sub-tasks deleted with it, the task first. */
  task_ids?: string[];
  /** TASK: the relations the delete removed, as they were. */
  relations?: Array<{ from_task_id: string; to_task_id: string; kind: string; created_by: string | null }>;
}

/** A deleted task or project, restorable until purge_at (migration 0035, features/trash/). */
interface TrashItemTable {
  trash_id: Generated<string>;
  organization_id: string;
  kind: 'TASK' | 'PROJECT';
  project_id: string;
  task_id: string | null;
  deleted_by: string | null;
  deleted_at: Timestamp;
  purge_at: Timestamp;
  restore: JsonWithDefault<TrashRestore>;
}

/** A repeating task's series (migration 0034, features/recurring-tasks/): on its latest task. */
interface TaskRecurrenceTable {
  task_id: string;
  organization_id: string;
  rrule: string;
  after_completion: Generated<boolean>;
  /** The day the rule counts from, 'YYYY-MM-DD' like due_on. */
  starts_on: ColumnType<Date | string, string, string>;
  occurrence: Generated<number>;
  /** The completed task this one was made from; null for the first. */
  previous_task_id: string | null;
  created_by: string | null;
  updated_at: Timestamp;
}

/** A project's milestone (migration 0032). */
interface MilestoneTable {
  milestone_id: Generated<string>;
  project_id: string;
  name: string;
  description: Generated<string>;
  /** 'YYYY-MM-DD' like due_on: select it as to_char(target_on, 'YYYY-MM-DD'). */
  target_on: ColumnType<Date | string, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** A project's statuses in board order (migration 0037); key is what task.status holds. */
interface ProjectStatusTable {
  status_id: Generated<string>;
  project_id: string;
  key: string;
  name: string;
  color: LabelColor;
  category: StatusCategory;
  position: number;
  created_at: CreatedAt;
}

/** A custom field of an organization (migration 0036); options: [{ option_id, name, colour }]. */
interface CustomFieldTable {
  field_id: Generated<string>;
  organization_id: string;
  name: string;
  kind: 'text' | 'number' | 'single_select' | 'multi_select' | 'date' | 'person' | 'checkbox' | 'url';
  unit: string | null;
  options: JsonWithDefault<Array<{ option_id: string; name: string; colour: LabelColor }>>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** A custom field turned on in a project, and whether its board cards show it (migration 0036). */
interface ProjectCustomFieldTable {
  project_id: string;
  field_id: string;
  on_card: Generated<boolean>;
}

/** A task's value of a custom field, in its kind's JSON shape (migration 0036). */
interface TaskCustomValueTable {
  task_id: string;
  field_id: string;
  value: Json<string | number | boolean | string[]>;
  updated_at: Generated<Date>;
}

/** A saved task to start new ones from, of a project (migration 0040). */
interface TaskTemplateTable {
  template_id: Generated<string>;
  project_id: string;
  name: string;
  title_pattern: string;
  content_json: Json<DeltaJson>;
  checklist: JsonWithDefault<string[]>;
  subtasks: JsonWithDefault<string[]>;
  label_ids: JsonWithDefault<string[]>;
  priority: Generated<TaskPriority>;
  estimate: string | null;
  custom_values: JsonWithDefault<Record<string, unknown>>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** A project's cycles turned on, their length and first day of the week, 0 Sunday (migration 0033). */
interface CycleSettingTable {
  project_id: string;
  enabled: Generated<boolean>;
  weeks: number;
  week_start: number;
  updated_at: Generated<Date>;
}

/** One cycle of a project (migration 0033); the final figures are written when it is closed. */
/** An image render asked of Figma in the last minute, per organization (migration 0039). */
interface FigmaRenderSpentTable {
  organization_id: string;
  figma_base_url: string;
  spent_at: Date;
}

interface CycleTable {
  cycle_id: Generated<string>;
  project_id: string;
  number: number;
  name: string | null;
  /** 'YYYY-MM-DD': select as to_char(starts_on, 'YYYY-MM-DD'); ends_on is the day after its last. */
  starts_on: ColumnType<Date | string, string, string>;
  ends_on: ColumnType<Date | string, string, string>;
  closed_at: Timestamp | null;
  final_scope: number | null;
  final_done: number | null;
  final_scope_points: number | null;
  final_done_points: number | null;
  created_at: CreatedAt;
}

/** How a task came to link a Figma node (migration 0027). */
export type FigmaNodeSource = 'comment' | 'link' | 'figma';

/** How the dev resource of a linked node stands in Figma (migration 0029). */
export type DevResourceState = 'pending' | 'linked' | 'refused' | 'file_gone' | 'failed';

/** A node's Dev Mode status in Figma (migration 0030). */
export type DevStatus = 'NONE' | 'READY_FOR_DEV' | 'COMPLETED';

/** A Figma node a task links (migration 0027); several per task. */
interface TaskFigmaNodeTable {
  task_figma_node_id: Generated<string>;
  task_id: string;
  organization_id: string;
  file_key: string;
  /** Figma's `1:2` form. */
  node_id: string;
  source: FigmaNodeSource;
  created_by: string | null;
  created_at: CreatedAt;
  /** Its Dev Mode status as Figma last told it, and when Figma set it (migration 0030). */
  dev_status: Generated<DevStatus>;
  dev_status_at: Timestamp | null;
  /** Its dev resource in Figma (migration 0029): Figma's id, the name last written, the last try. */
  dev_resource_id: string | null;
  dev_resource_name: string | null;
  dev_resource_state: Generated<DevResourceState>;
  dev_resource_error: string | null;
  dev_resource_synced_at: Timestamp | null;
  /** Design changed (migration 0031): the image the assignee last saw, the newest render. */
  seen_sha256: string | null;
  seen_version_id: string | null;
  latest_sha256: string | null;
  latest_version_id: string | null;
  latest_version_label: string | null;
  latest_version_author: string | null;
  latest_version_at: Timestamp | null;
  design_changed_at: Timestamp | null;
}

export type RelationKind = 'blocks' | 'relates' | 'duplicates';

/** from_task_id blocks, relates to or duplicates to_task_id (migration 0023). */
interface TaskRelationTable {
  relation_id: Generated<string>;
  organization_id: string;
  from_task_id: string;
  to_task_id: string;
  kind: RelationKind;
  created_by: string | null;
  created_at: CreatedAt;
}

/** An organization's label; its name is unique in the organization whatever its case (migration 0011). */
interface LabelTable {
  label_id: Generated<string>;
  organization_id: string;
  name: string;
  color: Generated<LabelColor>;
  created_at: CreatedAt;
}

interface TaskLabelTable {
  task_id: string;
  label_id: string;
}

/** A task's checklist (migration 0011); rank is a fractional-indexing key compared byte-wise. */
interface ChecklistItemTable {
  item_id: Generated<string>;
  task_id: string;
  text: string;
  done: Generated<boolean>;
  rank: string;
  converted_task_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface CommentTable {
  comment_id: Generated<string>;
  task_id: string;
  author_id: string | null;
  author_name: Generated<string>;
  content_json: Json<DeltaJson>;
  figma_comment_id: string | null;
  created_at: CreatedAt;
  /** When its author last edited it (migration 0020); null: never. */
  edited_at: Timestamp | null;
  /** Brought in by an import (migration 0022): its author is only the name the file gave. */
  imported: Generated<boolean>;
}

interface LogTable {
  log_id: Generated<string>;
  task_id: string;
  project_id: string;
  organization_id: string;
  author_id: string | null;
  type: LogType;
  metadata: JsonWithDefault<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Live tasks per project and status, kept by triggers on task (migration 0003): read-only here. */
interface TaskStatusCountTable {
  project_id: string;
  status: TaskStatus;
  count: number;
}

interface FileTable {
  file_id: Generated<string>;
  figma_file_id: string;
  project_id: string;
  name: Generated<string>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

interface FigmaEventTable {
  figma_event_id: Generated<string>;
  organization_id: string;
  figma_event_type: string;
  figma_comment_id: string;
  figma_parent_id: string | null;
  figma_file_key: string;
  figma_file_name: Generated<string>;
  figma_triggered_by: Generated<string>;
  kind: 'TASK' | 'REPLY' | 'COMMENT';
  figma_client_meta: Json<Record<string, unknown>> | null;
  content: Generated<string>;
  project_id: string | null;
  task_id: string | null;
  done_reply_at: Timestamp | null;
  created_at: CreatedAt;
}

type JobState = 'pending' | 'running' | 'done' | 'failed';

/** Durable background work (migration 0008, src/jobs/). */
interface JobTable {
  job_id: Generated<string>;
  kind: string;
  organization_id: string | null;
  dedupe_key: string;
  payload: JsonWithDefault<Record<string, unknown>>;
  state: Generated<JobState>;
  attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** An organization's outgoing webhook (migration 0016); its secret is encrypted (webhooks/secret.ts). */
interface WebhookTable {
  webhook_id: Generated<string>;
  organization_id: string;
  url: string;
  events: string[];
  secret_encrypted: string;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  /** Deliveries in a row that got no connection or no answer in time (migration 0021). */
  timeouts_in_a_row: Generated<number>;
  /** Set when those timeouts paused it; cleared when an owner turns it back on. */
  paused_at: Date | null;
  paused_reason: string | null;
}

/** One attempt to deliver one event to one webhook: the delivery log (migration 0016). */
interface WebhookDeliveryTable {
  attempt_id: Generated<string>;
  /** The job's id, sent as X-Figgle-Delivery: the same for every attempt of one delivery. */
  delivery_id: string;
  webhook_id: string;
  event: string;
  payload: Json<Record<string, unknown>>;
  attempt: number;
  outcome: 'succeeded' | 'retrying' | 'failed';
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: Timestamp;
}

export type EmailLevel = 'mentions' | 'watching' | 'nothing';

/** What a person wants by email (migration 0014); no row means the defaults. */
interface NotificationPreferenceTable {
  user_id: string;
  email_level: Generated<EmailLevel>;
  daily_digest: Generated<boolean>;
  time_zone: string | null;
  /** The open two-minute window of watched changes (the trigger's bookkeeping). */
  batch_from: Timestamp | null;
  batch_until: Timestamp | null;
  updated_at: Generated<Date>;
  /** Told when a linked design changed (migration 0031). */
  design_changes: Generated<boolean>;
}

interface UploadTable {
  upload_id: Generated<string>;
  path: string;
  folder: string;
  file_name: string;
  content_type: string;
  size_bytes: ColumnType<string, number, number>;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

export type ApiTokenScope = 'read' | 'read-write';

interface ApiTokenTable {
  api_token_id: Generated<string>;
  user_id: string;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  /** SHA-256 of the whole token, in hex: the token itself is never stored. */
  secret_hash: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A secret iCalendar address (migration 0025): a person's due tasks, or one project's. */
interface CalendarFeedTable {
  calendar_feed_id: Generated<string>;
  user_id: string;
  /** Null: the person's own tasks; else the tasks of this project. */
  project_id: string | null;
  /** SHA-256 of the token, in hex: the token itself is never stored. */
  secret_hash: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
}

type WatchReason = 'author' | 'assignee' | 'commenter' | 'mentioned' | 'manual';
export type NotificationKind = 'mention' | 'assignment' | 'comment' | 'change' | 'design_changed';

/** Who watches a task (migration 0013); watching false: the person turned it off. */
interface TaskWatcherTable {
  task_id: string;
  user_id: string;
  watching: Generated<boolean>;
  reason: WatchReason;
  created_at: CreatedAt;
}

/** What a person is told (migration 0013; detail's shape per kind is written there). */
interface NotificationTable {
  notification_id: Generated<string>;
  user_id: string;
  organization_id: string;
  project_id: string;
  task_id: string;
  actor_id: string | null;
  kind: NotificationKind;
  detail: JsonWithDefault<Record<string, unknown>>;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

type ImportFormat = 'trello' | 'csv' | 'figgle';
type ImportState = 'analysed' | 'queued' | 'running' | 'done' | 'failed';

/** One run of an import (migration 0017, features/imports/). */
interface ImportRunTable {
  import_id: Generated<string>;
  organization_id: string;
  project_id: string | null;
  created_by: string | null;
  format: ImportFormat;
  file_name: string;
  file_size: ColumnType<string, number, number>;
  file_digest: string;
  storage_path: string;
  state: Generated<ImportState>;
  analysis: JsonWithDefault<Record<string, unknown>>;
  mapping: Json<Record<string, unknown>> | null;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  imported: JsonWithDefault<Record<string, number>>;
  problems: JsonWithDefault<Array<{ row: string; reason: string; imported: boolean }>>;
  problems_total: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** An organization's Figma OAuth connection (migration 0028); tokens encrypted (figma/oauth-access.ts). */
interface FigmaOAuthConnectionTable {
  organization_id: string;
  connected_by: string | null;
  figma_user_id: string;
  /** Comma-separated, as asked of Figma. */
  scopes: string;
  access_token_encrypted: string;
  refresh_token_encrypted: string;
  access_expires_at: Timestamp;
  refresh_claimed_until: Timestamp | null;
  refreshed_at: Timestamp | null;
  /** Set when Figma refused a refresh: Figma jobs stop until an owner reconnects. */
  broken_at: Timestamp | null;
  broken_reason: string | null;
  connected_at: CreatedAt;
}

/** A started "Connect with Figma" (migration 0028): single use, 10 minutes. */
interface FigmaOAuthStateTable {
  state_hash: string;
  organization_id: string;
  user_id: string;
  session_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface Database {
  app_user: AppUserTable;
  organization: OrganizationTable;
  figma_webhook: FigmaWebhookTable;
  rule: RuleTable;
  invitation: InvitationTable;
  project: ProjectTable;
  bookmark: BookmarkTable;
  task: TaskTable;
  task_relation: TaskRelationTable;
  trash_item: TrashItemTable;
  task_figma_node: TaskFigmaNodeTable;
  milestone: MilestoneTable;
  project_status: ProjectStatusTable;
  cycle_setting: CycleSettingTable;
  cycle: CycleTable;
  figma_render_spent: FigmaRenderSpentTable;
  custom_field: CustomFieldTable;
  project_custom_field: ProjectCustomFieldTable;
  task_custom_value: TaskCustomValueTable;
  task_template: TaskTemplateTable;
  task_recurrence: TaskRecurrenceTable;
  label: LabelTable;
  task_label: TaskLabelTable;
  checklist_item: ChecklistItemTable;
  comment: CommentTable;
  log: LogTable;
  task_status_count: TaskStatusCountTable;
  file: FileTable;
  figma_event: FigmaEventTable;
  upload: UploadTable;
  job: JobTable;
  api_token: ApiTokenTable;
  calendar_feed: CalendarFeedTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  task_watcher: TaskWatcherTable;
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
  import_run: ImportRunTable;
  figma_oauth_connection: FigmaOAuthConnectionTable;
  figma_oauth_state: FigmaOAuthStateTable;
}

export type AppUser = Selectable<AppUserTable>;
export type Comment = Selectable<CommentTable>;
export type ApiToken = Selectable<ApiTokenTable>;
