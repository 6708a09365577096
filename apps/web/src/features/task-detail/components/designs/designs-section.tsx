import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { Icon } from '../../../../ui/icon/icon';
import { useLinkFigmaNode } from '../../api/link-figma-node';
import { useTaskFigmaNodes } from '../../api/list-figma-nodes';
import { useUnlinkFigmaNode } from '../../api/unlink-figma-node';
import { DesignChangeBlock } from './design-change-block';
import { DesignStatus } from './design-status';
import { DevResourceStatus } from './dev-resource-status';

const SOURCE_NOTES: Record<TaskFigmaNode['source'], (() => string) | null> = {
  comment: () => t('task-detail.fromFigmaComment'),
  link: null,
  figma: () => t('task-detail.linkedInFigma'),
};

/** One linked design: where it opens in Figma, how it came, and what Figma says about it. */
function DesignRow({ link }: { link: TaskFigmaNode }) {
  const unlink = useUnlinkFigmaNode(link.task_id);
  const note = SOURCE_NOTES[link.source]?.() ?? null;
  return (
    <Stack gap={4} component="li" aria-label={t('task-detail.designNamed', { node: link.node_id })}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" component="span">
            <Icon name="figma" size={16} />
            <Text span size="sm" truncate>
              {t('task-detail.frame', { node: link.node_id })}
            </Text>
          </Group>
        </Anchor>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('task-detail.unlinkFrame', { node: link.node_id })}
          onClick={() => unlink.mutate({ taskId: link.task_id, nodeLinkId: link.task_figma_node_id })}
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
      {/* What Figma says about this node (issue 41): its dev resource, Dev Mode status, changes. */}
      <DevResourceStatus taskId={link.task_id} nodeLinkId={link.task_figma_node_id} />
    </Stack>
  );
}

/** The field that links one more design from its Figma address ("Copy link to selection"). */
function LinkDesignForm({ taskId }: { taskId: string }) {
  const link = useLinkFigmaNode(taskId);
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return;
    link.mutate({ taskId, url: url.trim() }, { onSuccess: () => setUrl('') });
  };
  return (
    <form onSubmit={submit} aria-label={t('task-detail.linkDesign')}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          aria-label={t('task-detail.figmaFrameLink')}
          placeholder={t('task-detail.pasteFigmaLink')}
          size="xs"
          style={{ flex: 1 }}
          value={url}
          maxLength={2000}
          error={link.error?.message}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            if (link.error) link.reset();
          }}
        />
        <Button type="submit" size="xs" variant="light" loading={link.isPending}>
          {t('task-detail.link')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The Figma designs a task links (docs/product.md#designs-on-a-task): each opens in Figma; members
 * link more by pasting an address, and remove one.
 */
export function DesignsSection({ taskId }: { taskId: string }) {
  const { data: links } = useTaskFigmaNodes(taskId);
  if (!links) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('task-detail.designs')}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {t('task-detail.designs')}
      </Text>
      <DesignChangeBlock taskId={taskId} />
      <DesignStatus taskId={taskId} />
      {links.length > 0 ? (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <DesignRow key={link.task_figma_node_id} link={link} />
          ))}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          {t('task-detail.noDesignLinked')}
        </Text>
      )}
      <LinkDesignForm taskId={taskId} />
    </Stack>
  );
}
