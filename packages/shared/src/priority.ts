/**
 * Most urgent first: the order of the priority picker and of a sort by priority. Apart from
 * planning-schemas.ts, which needs zod, so that pages that only show priorities do not load it.
 */
export const TASK_PRIORITIES = ['URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const PRIORITY_LABELS: Readonly<Record<TaskPriority, string>> = {
  URGENT: 'Urgent',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
  NONE: 'None',
};

/** 0 for Urgent up to 4 for None: sorting by it puts the most urgent first. */
export function priorityOrder(priority: TaskPriority): number {
  return TASK_PRIORITIES.indexOf(priority);
}
