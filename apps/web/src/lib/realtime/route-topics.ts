import { type Topic, topics } from '@figgle/shared/realtime-protocol';

const uuid = '[0-9a-fA-F-]{36}';
const projectPage = new RegExp(
  `^/project/(${uuid})/(?:list|kanban|calendar|milestones|timeline|cycles|cycles/${uuid})$`,
);
const taskPage = new RegExp(`^/task/(${uuid})$`);

/** What the page at `pathname` shows live, besides what every signed-in page listens to. */
export function topicsForRoute(pathname: string): Topic[] {
  const project = projectPage.exec(pathname);
  if (project) return [topics.tasks(project[1]!.toLowerCase())];
  const task = taskPage.exec(pathname);
  if (task) return [topics.task(task[1]!.toLowerCase())];
  if (pathname === '/my-tasks') return [topics.myTasks];
  if (pathname === '/figma-radar') return [topics.figmaEvents];
  return [];
}
