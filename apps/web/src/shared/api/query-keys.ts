/**
 * The cache keys that more than one feature, or lib/ (live updates, the offline copy), reads or
 * invalidates. A key only one feature uses stays in that feature's api/ folder. The first segment
 * is what the offline copy persists by (lib/offline/persisted-keys.ts).
 */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  me: ['me'] as const,
  /** Every organization key starts here, so one invalidation refreshes them all. */
  organizations: ['organizations'] as const,
  organization: (organizationId: string) => ['organizations', organizationId] as const,
  members: (organizationId: string) => ['members', organizationId] as const,
  /** An organization's labels: the task page's picker, the creation dialog and the settings. */
  labels: (organizationId: string) => ['labels', organizationId] as const,
  allLabels: ['labels'] as const,
  projects: ['projects'] as const,
  project: (projectId: string) => ['project', projectId] as const,
  projectTasks: (projectId: string) => ['tasks', projectId] as const,
  /** A project's statuses in board order (its board, pickers and settings): read again on its events. */
  projectStatuses: (projectId: string) => ['project-statuses', projectId] as const,
  /** Every project's task list at once: a title, status or assignee change shows in all of them. */
  allProjectTasks: ['tasks'] as const,
  myTasks: ['my-tasks'] as const,
  /** A task's key is its id; its timeline hangs under it. */
  task: (taskId: string) => ['task', taskId] as const,
  /** Who watches a task: read again with every change of the task (a comment or an assignee adds one). */
  watchers: (taskId: string) => ['task', taskId, 'watchers'] as const,
  timeline: (taskId: string) => ['task', taskId, 'timeline'] as const,
  checklist: (taskId: string) => ['task', taskId, 'checklist'] as const,
  /**
   * Its parent, sub-tasks and relations (issue 42): the task page, and the Blocked mark of its row
   * and card. Read again with every event of the task.
   */
  taskStructure: (taskId: string) => ['task', taskId, 'structure'] as const,
  /** The Figma designs a task links (issue 41); read again with every event of the task. */
  taskFigmaNodes: (taskId: string) => ['task', taskId, 'figma-nodes'] as const,
  /** A project's milestones with their progress: read again with every event of its tasks. */
  milestones: (projectId: string) => ['milestones', projectId] as const,
  /** A project's Timeline view (tasks, milestones, blocks pairs): read again with every event of its tasks. */
  projectTimeline: (projectId: string) => ['project', projectId, 'timeline-view'] as const,
  /** The milestones at risk of the person's organizations (the dashboard). */
  milestonesAtRisk: ['milestones', 'at-risk'] as const,
  /** A project's cycle settings and cycles with their figures: read again with its task events. */
  cycles: (projectId: string) => ['cycles', projectId] as const,
  /** One cycle with its burn-up: under its project's key, so a task event reads both again. */
  cycle: (projectId: string, cycleId: string) => ['cycles', projectId, cycleId] as const,
  /** Linked designs that changed in Figma since the assignee saw them; read again with the task. */
  taskDesignChanges: (taskId: string) => ['task', taskId, 'design-changes'] as const,
  /** The tasks of a project whose cards show "Design changed"; read again with its task events. */
  projectDesignChanges: (projectId: string) => ['project', projectId, 'design-changes'] as const,
  /** How each linked design's link back into Figma stands (a dev resource); read again with the task. */
  taskDevResources: (taskId: string) => ['task', taskId, 'figma-dev-resources'] as const,
  /** A task's repetition and the occurrence it made (issue 43); read again with every event of the task. */
  taskRecurrence: (taskId: string) => ['task', taskId, 'recurrence'] as const,
  /** A project's custom fields and its tasks' values: the list, the board and the task page; read again with its task events. */
  projectCustomFields: (projectId: string) => ['project', projectId, 'custom-fields'] as const,
  /** A project's task templates, the ready ones first: the add-task dialog; saved from the task's menu. */
  taskTemplates: (projectId: string) => ['project', projectId, 'task-templates'] as const,
  /**
   * Settings › Trash of an organization, under its key: leaving the organization drops it with it.
   * Read again with every project event of the organization (a task deleted or restored changes
   * its project's count, so its event comes too).
   */
  trash: (organizationId: string) => ['organizations', organizationId, 'trash'] as const,
  figmaEvents: ['figma-events'] as const,
  /** Every search answer (palette and search page): a live task change reads the open ones again. */
  search: ['search'] as const,
};
