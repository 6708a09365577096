import { taskUploadFolder } from '@figgle/shared/upload-schemas';
import { onlineManager } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { RichTextEditor } from '../../../ui/editor/rich-text-editor';
import { isBlankDocument, type RichTextValue } from '../../../ui/editor/rich-text-value';
import { toastError } from '../../../ui/toast';
import { useCreateComment } from '../api/create-comment';
import { useMentionables } from '../hooks/use-mentionables';
import { PendingComments } from './pending-comments';

const emptyDocument = (): RichTextValue => ({ ops: [{ insert: '\n' }] });

/**
 * The write area for a new comment: Send or Ctrl+Enter; a blank comment is not sent. Online, the
 * draft stays until the server has it (a failure keeps it to send again); offline, it joins the
 * comments waiting to be sent at once and the area empties for the next one.
 */
export function CommentComposer({ taskId, organizationId }: { taskId: string; organizationId: string }) {
  const mentionables = useMentionables(organizationId);
  const create = useCreateComment();
  const [draft, setDraft] = useState<RichTextValue>(emptyDocument);
  // A comment queued offline is pending too, but must not hold the next one back.
  const sending = create.isPending && !create.isPaused;

  const send = (value: RichTextValue) => {
    if (isBlankDocument(value) || sending) return;
    if (!onlineManager.isOnline()) {
      create.mutate({ taskId, content: value });
      // A new object, so the editor sees a different value and empties itself.
      setDraft(emptyDocument());
      return;
    }
    create.mutate(
      { taskId, content: value },
      // A comment that waited in the queue and was then refused is said by name with Retry instead.
      { onSuccess: () => setDraft(emptyDocument()), onError: () => toastError(t('messages.saveFailed')) },
    );
  };

  return (
    <>
      <PendingComments taskId={taskId} />
      <RichTextEditor
        label={t('task-detail.writeComment')}
        placeholder={t('task-detail.commentPlaceholder')}
        value={draft}
        hasSave
        saving={sending}
        uploadFolder={taskUploadFolder(taskId)}
        mentionables={mentionables}
        onSave={send}
      />
    </>
  );
}
