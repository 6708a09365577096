import type { TaskPriority } from '@figgle/shared/priority';
import {
  IconAlertSquareFilled,
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { t } from '../../lib/i18n/i18n';
import classes from './planning.module.css';

// Each level has its own shape (a filled alert, three, two or one bar, a dotted baseline), so the
// icon reads without its colour.
const ICONS: Record<TaskPriority, ComponentType<IconProps>> = {
  URGENT: IconAlertSquareFilled,
  HIGH: IconAntennaBars4,
  MEDIUM: IconAntennaBars3,
  LOW: IconAntennaBars2,
  NONE: IconAntennaBars1,
};

/** A priority's name in the reader's language: 'High'. */
export function priorityLabel(priority: TaskPriority): string {
  const labels: Record<TaskPriority, string> = {
    URGENT: t('ui.priorityUrgent'),
    HIGH: t('ui.priorityHigh'),
    MEDIUM: t('ui.priorityMedium'),
    LOW: t('ui.priorityLow'),
    NONE: t('ui.priorityNone'),
  };
  return labels[priority];
}

/** The accessible name of a priority: 'Priority: High'. */
function priorityName(priority: TaskPriority): string {
  return t('ui.priorityName', { priority: priorityLabel(priority) });
}

export interface PriorityIconProps {
  priority: TaskPriority;
  size?: number;
  /** False where the priority's name is written beside the icon: the icon is then hidden from readers. */
  labelled?: boolean;
}

export function PriorityIcon({ priority, size = 16, labelled = true }: PriorityIconProps) {
  const Icon = ICONS[priority];
  return (
    <Icon
      size={size}
      stroke={2.2}
      className={classes.priority}
      data-priority={priority}
      {...(labelled ? { role: 'img', 'aria-label': priorityName(priority) } : { 'aria-hidden': true })}
    />
  );
}
