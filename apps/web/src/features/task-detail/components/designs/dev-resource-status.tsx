import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';
import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { t } from '../../../../lib/i18n/i18n';
import { toastError } from '../../../../ui/toast';
import { useTaskDevResources } from '../../api/list-dev-resources';
import { useRetryDevResource } from '../../api/retry-dev-resource';

/** Why Figma said no, in the reader's language; Figma's own words as they came. */
function refusalWords(state: TaskDevResource): string | null {
  switch (state.reason) {
    case 'no_token':
      return t('wave2.devResourceNoToken');
    case 'cannot_edit':
      return t('wave2.devResourceCannotEdit');
    case 'file_gone':
      return t('wave2.devResourceFileGone');
    case 'unreachable':
      return t('wave2.devResourceUnreachable');
    case 'refused':
      return t('wave2.devResourceRefused');
    default:
      return state.message;
  }
}

/**
 * Under a linked design: says so when Figma refused the link back to this task (no edit access, the
 * file gone), with "Try again". Nothing while the link is being added or is in Figma's Dev Mode.
 */
export function DevResourceStatus({ taskId, nodeLinkId }: { taskId: string; nodeLinkId: string }) {
  const { data: states } = useTaskDevResources(taskId);
  const retry = useRetryDevResource(taskId);
  const state = states?.find((known) => known.task_figma_node_id === nodeLinkId);
  if (!state?.message) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" aria-label={t('task-detail.linkInFigma')}>
      <IconAlertTriangle
        size={14}
        aria-hidden
        color="var(--mantine-color-orange-filled)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
        {refusalWords(state)}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={retry.isPending}
        onClick={() =>
          retry.mutate({ taskId, nodeLinkId }, { onError: (error) => toastError(error.message) })
        }
      >
        {t('task-detail.tryAgain')}
      </Button>
    </Group>
  );
}
