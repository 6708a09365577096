import type { WebhookEvent } from '@figgle/shared/webhook-schemas';
import { t } from '../../../lib/i18n/i18n';

/** Each webhook event's name, in the reader's language (built at render, after the catalogue loads). */
export const webhookEventLabels = (): Record<WebhookEvent, string> => ({
  'task.created': t('settings.eventTaskCreated'),
  'task.updated': t('settings.eventTaskUpdated'),
  'task.moved': t('settings.eventTaskMoved'),
  'task.deleted': t('settings.eventTaskDeleted'),
  'comment.created': t('settings.eventCommentCreated'),
  'figma_event.received': t('settings.eventFigmaReceived'),
});
