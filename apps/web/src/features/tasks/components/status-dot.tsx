import type { TaskStatus } from '@figgle/shared/status';
import classes from './tasks.module.css';

/** The status's colour, beside its name (columns, pickers, lists). */
export function StatusDot({ status }: { status: TaskStatus }) {
  return <span className={classes.statusDot} data-status={status} aria-hidden />;
}
