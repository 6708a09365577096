import type { TaskStatus } from '@figgle/shared/status';
import classes from './tasks.module.css';

/**
 * The status's colour, beside its name (columns, pickers, lists): the project's colour for it when
 * known (a palette name), else the colour of the four first statuses by key.
 */
export function StatusDot({ status, color }: { status: TaskStatus; color?: string }) {
  return (
    <span
      className={classes.statusDot}
      data-status={status}
      style={color ? { backgroundColor: `var(--mantine-color-${color}-5)` } : undefined}
      aria-hidden
    />
  );
}
