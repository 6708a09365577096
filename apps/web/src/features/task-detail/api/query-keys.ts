/** The spec's local cache key for a task is its id; the timeline and comments hang under it. */
export const taskDetailKeys = {
  task: (taskId: string) => ['task', taskId] as const,
  timeline: (taskId: string) => ['task', taskId, 'timeline'] as const,
  members: (organizationId: string) => ['members', organizationId] as const,
  /** Every project list and My tasks: a title, status or assignee change shows there too. */
  projectLists: ['tasks'] as const,
  myTasks: ['my-tasks'] as const,
};
