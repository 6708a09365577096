/**
 * Whether a task with this status is complete, so that its next occurrence is due. The one place
 * recurring tasks ask it: when statuses get categories, this asks the category instead.
 */
export function isCompleted(status: string): boolean {
  return status === 'DONE';
}
