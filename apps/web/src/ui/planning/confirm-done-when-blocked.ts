import { confirm } from '../confirm/confirm-service';

/**
 * Before a task with open blockers goes to Done: "2 blocking tasks are not done", which the person may
 * confirm. Resolves true at once when nothing blocks it.
 */
export function confirmDoneWhenBlocked(openBlockers: number, reference: string): Promise<boolean> {
  if (openBlockers <= 0) return Promise.resolve(true);
  const count =
    openBlockers === 1 ? '1 blocking task is not done' : `${openBlockers} blocking tasks are not done`;
  return confirm({
    title: `Mark ${reference} as done?`,
    text: `${count}. Mark ${reference} as done anyway?`,
    confirmLabel: 'Mark as done',
    cancelLabel: 'Cancel',
  });
}
