/**
 * The changes that may be made offline and survive a reload. Each is stored on the device under its
 * key with its variables, and sent after the reload through the defaults registered at startup
 * (app/offline-mutations.ts), since a stored change cannot carry its function.
 */
export const offlineMutationKeys = {
  /**
   * PATCH of a task's title, status, assignee, due date, start date, priority or estimate: the one
   * task update (shared/api/update-task.ts) of the list, board, calendar, task page and Timeline.
   */
  updateTask: ['update-task'] as const,
  /** PUT of a task's labels, from the task page. */
  setTaskLabels: ['set-task-labels'] as const,
  /** A drop on the board. */
  kanbanUpdate: ['kanban-update'] as const,
  createComment: ['create-comment'] as const,
  /** A checklist item added, ticked, edited, moved or removed, from the task page. */
  addChecklistItem: ['add-checklist-item'] as const,
  updateChecklistItem: ['update-checklist-item'] as const,
  deleteChecklistItem: ['delete-checklist-item'] as const,
  /** A task attached under a parent (or made top-level), a sub-task moved, a relation added or removed. */
  setParent: ['set-parent'] as const,
  moveSubtask: ['move-subtask'] as const,
  addRelation: ['add-relation'] as const,
  removeRelation: ['remove-relation'] as const,
};
