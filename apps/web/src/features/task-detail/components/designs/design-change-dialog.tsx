import type { DesignChangeView } from '@figgle/shared/design-change-schemas';
import { Anchor, Box, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { t, tRich } from '../../../../lib/i18n/i18n';
import { relativeTime } from '../../../../lib/relative-time';
import { Icon } from '../../../../ui/icon/icon';

export function versionName(change: DesignChangeView): string {
  return change.version.label ?? t('task-detail.unnamedVersion');
}

function Side({ title, src, alt }: { title: string; src: string; alt: string }) {
  return (
    <Stack gap={6} component="figure" m={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" component="figcaption">
        {title}
      </Text>
      <Box
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--figgle-border)',
          overflow: 'hidden',
          background: 'var(--figgle-canvas)',
        }}
      >
        <Image src={src} alt={alt} fit="contain" mah={360} />
      </Box>
    </Stack>
  );
}

/** Before | after of one changed design, the version that changed it, and that version in Figma. */
export function DesignChangeDialog({
  change,
  onClose,
}: {
  change: DesignChangeView | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={change !== null}
      onClose={onClose}
      title={t('task-detail.designChanged')}
      centered
      radius="lg"
      size="xl"
    >
      {change ? (
        <Stack gap="md">
          <Text size="sm">
            {tRich(change.version.author ? 'task-detail.versionByWhen' : 'task-detail.versionWhen', {
              version: versionName(change),
              author: change.version.author,
              when: relativeTime(change.changed_at),
              b: (chunks) => (
                <Text key="version" span fw={600}>
                  {chunks}
                </Text>
              ),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Side
              title={t('task-detail.before')}
              src={change.before_image_url}
              alt={t('task-detail.frameLastSeen', { node: change.node_id })}
            />
            <Side
              title={t('task-detail.after')}
              src={change.after_image_url}
              alt={t('task-detail.frameInVersion', { node: change.node_id, version: versionName(change) })}
            />
          </SimpleGrid>
          <Anchor href={change.figma_url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <Icon name="figma" size={16} />
              <span>{t('task-detail.openVersionInFigma')}</span>
            </Group>
          </Anchor>
        </Stack>
      ) : null}
    </Modal>
  );
}
