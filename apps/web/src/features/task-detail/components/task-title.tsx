import { TASK_TITLE_MAX } from '@figgle/shared/task-schemas';
import { Textarea, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import type { Autosave } from '../hooks/use-autosave';
import classes from './task-detail.module.css';

/**
 * Where the browser sizes a field to its text itself (CSS `field-sizing: content`, Chromium), the title
 * grows without script. Mantine's autosize measures the field in a layout effect after every render
 * of the page, each time forcing a layout of the whole page: with a hundred sub-task rows just added
 * that was most of a load's main-thread time (docs/machinery/task-page-load.md).
 */
const SIZED_BY_CSS = typeof CSS !== 'undefined' && !!CSS.supports?.('field-sizing', 'content');

export interface TaskTitleProps {
  title: string;
  autosave: Autosave<string>;
}

/** The title, edited in place and saved 2 s after the last keystroke; Enter saves, Escape undoes. */
export function TaskTitle({ title, autosave }: TaskTitleProps) {
  const [draft, setDraft] = useState(title);
  const [error, setError] = useState<string | null>(null);

  // A change saved elsewhere shows up, unless the person is in the middle of their own edit.
  const { isDirty } = autosave;
  useEffect(() => {
    if (!isDirty()) setDraft(title);
  }, [title, isDirty]);

  return (
    <>
      {/* The page's heading for screen readers, who jump by headings; sighted people see the field. */}
      <VisuallyHidden component="h1">{title}</VisuallyHidden>
      <Textarea
        aria-label={t('task-detail.title')}
        variant="unstyled"
        autosize={!SIZED_BY_CSS}
        minRows={1}
        rows={1}
        maxLength={TASK_TITLE_MAX}
        value={draft}
        error={error}
        classNames={{ input: classes.titleInput }}
        onChange={(event) => {
          const next = event.currentTarget.value.replace(/\n/g, ' ');
          setDraft(next);
          if (next.trim()) {
            setError(null);
            autosave.schedule(next.trim());
          } else {
            setError(t('task-detail.titleRequired'));
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape') {
            setDraft(title);
            setError(null);
            event.currentTarget.blur();
          }
        }}
        onBlur={() => {
          if (!draft.trim()) {
            setDraft(title);
            setError(null);
            return;
          }
          autosave.flush();
        }}
      />
    </>
  );
}
