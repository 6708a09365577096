import type { WeeklyFacts } from '@figgle/shared/weekly-summary-schemas';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Names joined as people say them: "A", "A and B", "A, B and C". */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function weekLine(facts: WeeklyFacts): string {
  if (facts.created === 0 && facts.completed === 0)
    return 'A quiet week: no task was created or completed in the last 7 days.';
  return `In the last 7 days, ${count(facts.created, 'task was', 'tasks were')} created and ${count(facts.completed, 'task was', 'tasks were')} completed.`;
}

function overdueLine(facts: WeeklyFacts): string {
  if (facts.overdue === 0) return 'Nothing is overdue.';
  return `${count(facts.overdue, 'task is', 'tasks are')} overdue now.`;
}

function projectsLine(facts: WeeklyFacts): string | null {
  if (facts.active_projects.length === 0) return null;
  const projects = facts.active_projects.map(
    (project) => `${project.name} (${count(project.changes, 'change', 'changes')})`,
  );
  return `Most active: ${listed(projects)}.`;
}

function moverLine(mover: WeeklyFacts['movers'][number]): string {
  const moved =
    mover.moved === 0
      ? ''
      : ` and moved ${count(mover.moved, 'task', 'tasks')}${mover.completed > 0 ? `, ${mover.completed} of them to Done` : ''}`;
  return `${mover.name} made ${count(mover.changes, 'change', 'changes')}${moved}.`;
}

/** The summary Figgle writes itself: one plain sentence per line, from the facts alone. */
export function writeFactsSummary(facts: WeeklyFacts): string {
  const lines = [weekLine(facts), overdueLine(facts), projectsLine(facts), ...facts.movers.map(moverLine)];
  return lines.filter((line): line is string => line !== null).join('\n');
}
