import type { QueryKey } from '@tanstack/react-query';

/**
 * What is kept on the device for offline use: the local cache keys (members, labels, projects,
 * my-tasks, a project by id, tasks-{projectId}, a task by id) with the task's timeline, the Inbox
 * (its entries, For me and the unread counts), the Figma Radar's events and the Control Panel's
 * figures, plus what a reload needs to open a page at all (the session, the profile and the
 * organizations).
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
  'inbox',
  'notifications',
  'figma-events',
  'dashboard',
]);

export function isPersistedKey(queryKey: QueryKey): boolean {
  const [root, second] = queryKey;
  if (typeof root !== 'string' || !persistedRoots.has(root)) return false;
  if (root === 'auth') return second === 'session';
  // The inbox dot is a live signal, read again with every connection: only the inbox's pages are kept.
  if (root === 'inbox') return second !== 'status';
  return true;
}
