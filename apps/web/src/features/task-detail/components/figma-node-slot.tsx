import { figmaFileUrl, figmaNodeUrl } from '@figgle/shared/figma';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { Anchor, Box, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { Icon } from '../../../ui/icon/icon';

export interface FigmaNodeSlotProps {
  task: TaskDetailView;
}

function designOf(task: TaskDetailView): { fileKey: string; nodeId: string | null } | null {
  const meta = task.figma_client_meta;
  const fileKey = meta?.figma_file_key;
  if (typeof fileKey !== 'string' || !fileKey) return null;
  const nodeId = typeof meta?.node_id === 'string' && meta.node_id ? meta.node_id : null;
  return { fileKey, nodeId };
}

/**
 * The design a task made from a Figma comment points at: the rendered node (cached by the server,
 * through GET /api/tasks/:taskId/figma-image) and a deep link to it in Figma.
 */
export function FigmaNodeSlot({ task }: FigmaNodeSlotProps) {
  const design = designOf(task);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  if (!design) return null;
  const link = design.nodeId ? figmaNodeUrl(design.fileKey, design.nodeId) : figmaFileUrl(design.fileKey);

  return (
    <Stack gap="xs" component="section" aria-label={t('task-detail.figmaDesign')}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        Figma
      </Text>
      {design.nodeId ? (
        <Box
          style={{
            position: 'relative',
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--figgle-border)',
            overflow: 'hidden',
            background: 'var(--figgle-canvas)',
          }}
        >
          {state === 'loading' ? <Skeleton height={140} radius={0} /> : null}
          {state === 'failed' ? (
            <Text size="xs" c="dimmed" p="sm">
              {t('task-detail.designUnavailable')}
            </Text>
          ) : (
            <Anchor href={link} target="_blank" rel="noopener noreferrer" display="block">
              <Image
                src={`/api/tasks/${encodeURIComponent(task.task_id)}/figma-image`}
                alt={t('task-detail.designNodeAlt', { node: design.nodeId })}
                fit="contain"
                mah={320}
                style={{ display: state === 'shown' ? 'block' : 'none' }}
                onLoad={() => setState('shown')}
                onError={() => setState('failed')}
              />
            </Anchor>
          )}
        </Box>
      ) : null}
      <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={6} wrap="nowrap" component="span">
          <Icon name="figma" size={16} />
          <span>{t('task-detail.openInFigma')}</span>
        </Group>
      </Anchor>
    </Stack>
  );
}
