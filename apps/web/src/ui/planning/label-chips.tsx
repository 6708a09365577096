import type { TaskLabelView } from '@figgle/shared/planning-schemas';
import { t } from '../../lib/i18n/i18n';
import classes from './planning.module.css';

/** One label: its name on its colour, with a dot of the full colour. */
export function LabelChip({ label }: { label: Pick<TaskLabelView, 'name' | 'color'> }) {
  return (
    <span className={`${classes.label} ${classes.colored}`} data-color={label.color}>
      <span className={classes.dot} aria-hidden />
      <span>{label.name}</span>
    </span>
  );
}

/** A task's labels as chips: the first `max`, then "+n" for the rest (named in its tooltip). */
export function LabelChips({ labels, max = 3 }: { labels: readonly TaskLabelView[]; max?: number }) {
  if (labels.length === 0) return null;
  const rest = labels.slice(max);
  return (
    <ul className={classes.labels} aria-label={t('ui.labels')}>
      {labels.slice(0, max).map((label) => (
        <li
          key={label.label_id}
          className={`${classes.label} ${classes.colored}`}
          data-color={label.color}
          title={label.name}
        >
          <span className={classes.dot} aria-hidden />
          <span>{label.name}</span>
        </li>
      ))}
      {rest.length > 0 ? (
        <li className={classes.more} title={rest.map((label) => label.name).join(', ')}>
          +{rest.length}
          <span className={classes.srOnly}>
            {t('ui.moreLabels', { names: rest.map((label) => label.name).join(', ') })}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
