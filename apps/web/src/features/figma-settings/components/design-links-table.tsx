import type { DesignLinkView } from '@figgle/shared/figma-schemas';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { confirm } from '../../../ui/confirm/confirm-service';
import { Icon } from '../../../ui/icon/icon';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { toastError } from '../../../ui/toast';
import { useDeleteDesignLink } from '../api/delete-design-link';

/** Figgle Project / Figma File / Remove (soft delete, after a confirmation). */
export function DesignLinksTable({ links }: { links: DesignLinkView[] }) {
  const remove = useDeleteDesignLink();

  async function removeLink(link: DesignLinkView) {
    const confirmed = await confirm({
      title: t('messages.deleteFigmaLinkTitle'),
      text: t('messages.deleteFigmaLinkText'),
      confirmLabel: t('common.delete'),
    });
    if (!confirmed) return;
    remove.mutate(link.file_id, {
      onSuccess: () =>
        void confirm({
          title: t('messages.figmaLinkDeletedTitle'),
          text: t('messages.figmaLinkDeletedText'),
          noCancel: true,
        }),
      onError: () => toastError(t('messages.saveFailed')),
    });
  }

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('figma-settings.figmaLinks')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('figma-settings.figgleProject')}</Table.Th>
            <Table.Th>{t('figma-settings.figmaFile')}</Table.Th>
            <Table.Th w={110}>{t('figma-settings.remove')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('messages.tableEmpty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            links.map((link) => (
              <Table.Tr key={link.file_id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.projectList(link.project_id)} size="sm" c="inherit">
                    <Group gap="xs" wrap="nowrap">
                      <ProjectEmoji emoji={link.project.emoji} size="sm" />
                      <span>{link.project.name}</span>
                    </Group>
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={6} wrap="nowrap">
                      <Icon name="figma" size={16} />
                      <span style={{ overflowWrap: 'anywhere' }}>{link.name}</span>
                    </Group>
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {link.figma_file_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('figma-settings.removeLinkAria', {
                      file: link.name,
                      project: link.project.name,
                    })}
                    onClick={() => void removeLink(link)}
                    disabled={remove.isPending && remove.variables === link.file_id}
                  >
                    {t('figma-settings.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
