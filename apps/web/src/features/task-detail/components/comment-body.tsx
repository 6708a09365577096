import type { TimelineCommentView } from '@figgle/shared/timeline-schemas';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { confirm } from '../../../ui/confirm/confirm-service';
import { RichTextEditor } from '../../../ui/editor/rich-text-editor';
import { isBlankDocument, type RichTextValue } from '../../../ui/editor/rich-text-value';
import { useDeleteComment } from '../api/delete-comment';
import { useEditComment } from '../api/edit-comment';
import { SeeMore } from './see-more';

/** "(edited)" beside a comment's date, with the time of the last edit on hover. */
export function EditedMark({ comment }: { comment: TimelineCommentView }) {
  if (!comment.edited_at) return null;
  return (
    <Text
      span
      size="xs"
      c="dimmed"
      title={t('task-detail.editedAt', { date: new Date(comment.edited_at).toLocaleString(intlLocale()) })}
    >
      {t('task-detail.edited')}
    </Text>
  );
}

/**
 * A comment's text, and for its author Edit and Delete (docs/product.md#comments): Edit swaps the
 * text for an editor with Save and Cancel; Delete asks first. Nobody else sees either control (the
 * server refuses them anyway).
 */
export function CommentBody({ comment, name }: { comment: TimelineCommentView; name: string }) {
  const me = useMe();
  const mine = !comment.is_from_figma && !!comment.author_id && comment.author_id === me.data?.user_id;
  const [editing, setEditing] = useState(false);
  const edit = useEditComment();
  const remove = useDeleteComment();

  const save = (value: RichTextValue) => {
    if (isBlankDocument(value) || edit.isPending) return;
    edit.mutate(
      { taskId: comment.task_id, commentId: comment.comment_id, content: value },
      { onSuccess: () => setEditing(false) },
    );
  };

  const askToDelete = async () => {
    const confirmed = await confirm({
      title: t('task-detail.deleteCommentTitle'),
      text: t('task-detail.deleteCommentText'),
      confirmLabel: t('common.delete'),
    });
    if (confirmed) remove.mutate({ taskId: comment.task_id, commentId: comment.comment_id });
  };

  if (editing) {
    return (
      <div>
        <RichTextEditor
          label={t('task-detail.editYourComment')}
          value={comment.content_json}
          hasSave
          saveLabel={t('common.save')}
          saving={edit.isPending}
          onSave={save}
        />
        <Group justify="flex-end" mt={4}>
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </Button>
        </Group>
      </div>
    );
  }
  return (
    <>
      <SeeMore>
        <RichTextEditor readOnly value={comment.content_json} label={t('task-detail.commentBy', { name })} />
      </SeeMore>
      {mine ? (
        <Group gap={4} mt={4}>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setEditing(true)}
            aria-label={t('task-detail.editComment')}
          >
            {t('task-detail.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-xs"
            loading={remove.isPending}
            onClick={() => void askToDelete()}
            aria-label={t('task-detail.deleteComment')}
          >
            {t('common.delete')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
