import type { QueryKey } from '@tanstack/react-query';

/**
 * What is kept on the device for offline use: the local cache keys (members, labels, projects,
 * my-tasks, a project by id, tasks-{projectId}, a task by id) with the task's timeline, plus what a
 * reload needs to open a page at all (the session, the profile and the organizations).
 */
const persistedRoots = new Set([
  'auth',
  'me',
  'organizations',
  'projects',
  'project',
  'tasks',
  'my-tasks',
  'members',
  'labels',
  'task',
]);

export function isPersistedKey(queryKey: QueryKey): boolean {
  const [root, second] = queryKey;
  if (typeof root !== 'string' || !persistedRoots.has(root)) return false;
  if (root === 'auth') return second === 'session';
  return true;
}
