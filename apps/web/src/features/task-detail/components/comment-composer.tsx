import { EDITOR_PLACEHOLDER, MESSAGES } from '@figgle/shared/constants';
import { taskUploadFolder } from '@figgle/shared/upload-schemas';
import { useState } from 'react';
import { RichTextEditor } from '../../../ui/editor/rich-text-editor';
import { isBlankDocument, type RichTextValue } from '../../../ui/editor/rich-text-value';
import { toastError } from '../../../ui/toast';
import { useCreateComment } from '../api/create-comment';

const emptyDocument = (): RichTextValue => ({ ops: [{ insert: '\n' }] });

/** The write area for a new comment: Send or Ctrl+Enter; a blank comment is not sent. */
export function CommentComposer({ taskId }: { taskId: string }) {
  const create = useCreateComment(taskId);
  const [draft, setDraft] = useState<RichTextValue>(emptyDocument);

  const send = (value: RichTextValue) => {
    if (isBlankDocument(value) || create.isPending) return;
    create.mutate(value, {
      // A new object, so the editor sees a different value and empties itself.
      onSuccess: () => setDraft(emptyDocument()),
      onError: () => toastError(MESSAGES.saveFailed),
    });
  };

  return (
    <RichTextEditor
      label="Write a comment"
      placeholder={EDITOR_PLACEHOLDER}
      value={draft}
      hasSave
      saving={create.isPending}
      uploadFolder={taskUploadFolder(taskId)}
      onSave={send}
    />
  );
}
