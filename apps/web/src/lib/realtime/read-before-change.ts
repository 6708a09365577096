import type { Query } from '@tanstack/react-query';

/** A read answered up to this long after a change may still predate it (read, then answer on its way). */
const READ_MARGIN_MS = 1_000;

/**
 * Which reads of a topic may lack its last change, told at subscribe time that it happened
 * `lastEventMsAgo` ago: those of the topic's data (keys naming its id; for an organization's projects
 * topic, the projects list and the projects' headers too) answered before the change, or too soon
 * after it to be sure.
 */
export function readBeforeChange(topic: string, lastEventMsAgo: number, now = Date.now()) {
  const changedAt = now - lastEventMsAgo;
  const id = topic.slice(topic.indexOf(':') + 1);
  const organizationProjects = topic.startsWith('projects:');
  return (query: Pick<Query, 'queryKey' | 'state'>): boolean => {
    if (query.state.dataUpdatedAt >= changedAt + READ_MARGIN_MS) return false;
    const [root] = query.queryKey;
    if (organizationProjects && (root === 'projects' || root === 'project')) return true;
    return query.queryKey.some((part) => part === id);
  };
}
