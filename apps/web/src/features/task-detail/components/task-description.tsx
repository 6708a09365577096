import { taskUploadFolder } from '@figgle/shared/upload-schemas';
import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { RichTextEditor } from '../../../ui/editor/rich-text-editor';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';
import { useAfterPaint } from '../hooks/use-after-paint';
import type { Autosave } from '../hooks/use-autosave';
import { useMentionables } from '../hooks/use-mentionables';

export interface TaskDescriptionProps {
  taskId: string;
  /** Whose members '@' offers. */
  organizationId: string;
  content: RichTextValue;
  autosave: Autosave<RichTextValue>;
}

/**
 * The description editor: saved 2 s after the last change, at once on Ctrl+Enter or leaving it.
 * Quill starts after the page's first paint (its start reads the page's layout, which would be laid
 * out with the sub-tasks' rows in front of their paint); until then, the editor's own loading
 * placeholder. Its code is fetched when a task's link is pointed at or focused (app/router.tsx).
 */
export function TaskDescription({ taskId, organizationId, content, autosave }: TaskDescriptionProps) {
  const painted = useAfterPaint();
  const mentionables = useMentionables(organizationId);
  const [shown, setShown] = useState(content);

  // Someone else's save replaces the text only while this person has nothing unsaved.
  const { isDirty } = autosave;
  useEffect(() => {
    if (!isDirty()) setShown(content);
  }, [content, isDirty]);

  if (!painted) return <Skeleton height={88} radius="sm" aria-label={t('ui.loadingEditor')} />;
  return (
    <RichTextEditor
      label={t('task-detail.description')}
      value={shown}
      uploadFolder={taskUploadFolder(taskId)}
      mentionables={mentionables}
      onChange={autosave.schedule}
      onBlur={autosave.flush}
      onSave={(value) => {
        autosave.schedule(value);
        autosave.flush();
      }}
    />
  );
}
