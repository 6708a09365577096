import { t } from '../../lib/i18n/i18n';
import { confirm } from '../confirm/confirm-service';

/**
 * Before a task with open blockers goes to Done: "2 blocking tasks are not done", which the person may
 * confirm. Resolves true at once when nothing blocks it.
 */
export function confirmDoneWhenBlocked(openBlockers: number, reference: string): Promise<boolean> {
  if (openBlockers <= 0) return Promise.resolve(true);
  return confirm({
    title: t('ui.markDoneTitle', { reference }),
    text: t('ui.markDoneText', { count: openBlockers, reference }),
    confirmLabel: t('ui.markAsDone'),
    cancelLabel: t('common.cancel'),
  });
}
