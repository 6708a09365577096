import type { StatusCategory } from '@figgle/shared/status-categories';

/**
 * Whether a task whose status is of this category is complete, so that its next occurrence is due:
 * the Done category (a project's own "Shipped" counts too; Canceled does not). The one place
 * recurring tasks ask it.
 */
export function isCompleted(category: StatusCategory): boolean {
  return category === 'done';
}
