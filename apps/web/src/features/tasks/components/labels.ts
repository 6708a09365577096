import type { EstimateScale } from '@figgle/shared/estimate';
import type { DesignStatus } from '@figgle/shared/figma-dev-status-schemas';
import type { TaskPriority } from '@figgle/shared/priority';
import type { TASK_STATUSES } from '@figgle/shared/status';
import type { StatusCategory } from '@figgle/shared/status-categories';
import { t } from '../../../lib/i18n/i18n';

// The shared constants' English names (PRIORITY_LABELS, STATUS_LABELS, DESIGN_STATUS_LABELS), in the
// person's language: functions, since the catalogue loads after the modules.

type DefaultTaskStatus = (typeof TASK_STATUSES)[number];

export function priorityLabel(priority: TaskPriority): string {
  const labels: Record<TaskPriority, string> = {
    URGENT: t('tasks.priorityUrgent'),
    HIGH: t('tasks.priorityHigh'),
    MEDIUM: t('tasks.priorityMedium'),
    LOW: t('tasks.priorityLow'),
    NONE: t('tasks.priorityNone'),
  };
  return labels[priority];
}

/** The four first statuses' names, where a project's own are not known (the board's placeholder). */
export function defaultStatusLabel(status: string): string {
  const labels: Record<DefaultTaskStatus, string> = {
    TODO: t('tasks.statusTodo'),
    DOING: t('tasks.statusDoing'),
    DONE: t('tasks.statusDone'),
    ARCHIVE: t('tasks.statusArchive'),
  };
  return labels[status as DefaultTaskStatus] ?? status;
}

export function designStatusLabel(status: NonNullable<DesignStatus>): string {
  return status === 'READY_FOR_DEV' ? t('tasks.designReadyForDev') : t('tasks.designCompleted');
}

export function categoryLabel(category: StatusCategory): string {
  const labels: Record<StatusCategory, string> = {
    backlog: t('tasks.categoryBacklog'),
    unstarted: t('tasks.categoryUnstarted'),
    started: t('tasks.categoryStarted'),
    done: t('tasks.categoryDone'),
    canceled: t('tasks.categoryCanceled'),
  };
  return labels[category];
}

export function estimateScaleLabel(scale: EstimateScale): string {
  const labels: Record<EstimateScale, string> = {
    none: t('tasks.scaleNone'),
    points: t('tasks.scalePoints'),
    tshirt: t('tasks.scaleTshirt'),
  };
  return labels[scale];
}
