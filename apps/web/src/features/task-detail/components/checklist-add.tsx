import { CHECKLIST_TEXT_MAX } from '@figgle/shared/planning-schemas';
import { TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useAddChecklistItem } from '../api/add-checklist-item';

/** The field under the checklist: Enter adds what was typed and leaves the field ready for the next. */
export function ChecklistAdd({ taskId }: { taskId: string }) {
  const add = useAddChecklistItem(taskId);
  const [text, setText] = useState('');
  return (
    <TextInput
      aria-label={t('task-detail.addItem')}
      placeholder={t('task-detail.addItemPlaceholder')}
      size="sm"
      variant="filled"
      maxLength={CHECKLIST_TEXT_MAX}
      leftSection={<IconPlus size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value.replace(/[\r\n]+/g, ' '))}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        if (!text.trim()) return;
        add.mutate({ taskId, text: text.trim() });
        setText('');
      }}
    />
  );
}
