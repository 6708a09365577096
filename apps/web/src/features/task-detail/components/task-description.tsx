import { taskUploadFolder } from '@figgle/shared/upload-schemas';
import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { RichTextEditor } from '../../../ui/editor/rich-text-editor';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';
import type { Autosave } from '../hooks/use-autosave';
import { useMentionables } from '../hooks/use-mentionables';

export interface TaskDescriptionProps {
  taskId: string;
  /** Whose members '@' offers. */
  organizationId: string;
  content: RichTextValue;
  autosave: Autosave<RichTextValue>;
}

/** The description editor: saved 2 s after the last change, at once on Ctrl+Enter or leaving it. */
export function TaskDescription({ taskId, organizationId, content, autosave }: TaskDescriptionProps) {
  const mentionables = useMentionables(organizationId);
  const [shown, setShown] = useState(content);

  // Someone else's save replaces the text only while this person has nothing unsaved.
  const { isDirty } = autosave;
  useEffect(() => {
    if (!isDirty()) setShown(content);
  }, [content, isDirty]);

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
