/**
 * The spec's local cache keys (core §3): 'project id', 'tasks-{projectId}', 'my-tasks', 'members'.
 * The projects screen keeps ['projects']; live updates invalidate these same keys.
 */
export const taskQueryKeys = {
  projects: ['projects'] as const,
  project: (projectId: string) => ['project', projectId] as const,
  projectTasks: (projectId: string) => ['tasks', projectId] as const,
  allProjectTasks: ['tasks'] as const,
  myTasks: ['my-tasks'] as const,
  members: (organizationId: string) => ['members', organizationId] as const,
  task: (taskId: string) => ['task', taskId] as const,
};
