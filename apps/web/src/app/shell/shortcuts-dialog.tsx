import { Group, Kbd, Modal, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { t } from '../../lib/i18n/i18n';
import { keyLabel, SHORTCUTS } from '../../shared/shortcuts';

export interface ShortcutsDialogProps {
  opened: boolean;
  onClose: () => void;
}

type ShortcutRow = (typeof SHORTCUTS)[number];

function ShortcutTable({ shortcuts, caption }: { shortcuts: readonly ShortcutRow[]; caption: string }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="sm" aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={110}>{t('app.keys')}</Table.Th>
          <Table.Th>{t('app.whatTheyDo')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shortcuts.map((shortcut) => (
          <Table.Tr key={shortcut.keys.join(' ')}>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {shortcut.keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 ? (
                      <Text span size="xs" c="dimmed">
                        {t('app.then')}
                      </Text>
                    ) : null}
                    <Kbd size="sm">{keyLabel(key)}</Kbd>
                  </Fragment>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{shortcut.does()}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What "?" shows: every keyboard shortcut and what it does, the field keys in a table of their own. */
export function ShortcutsDialog({ opened, onClose }: ShortcutsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('app.keyboardShortcuts')} radius="lg" size="md">
      <ShortcutTable
        caption={t('app.everywhere')}
        shortcuts={SHORTCUTS.filter((shortcut) => !shortcut.field)}
      />
      <Title order={3} fz="sm" mt="md">
        {t('app.onTaskOrRow')}
      </Title>
      <ShortcutTable
        caption={t('app.onTaskOrRow')}
        shortcuts={SHORTCUTS.filter((shortcut) => shortcut.field)}
      />
      <Text size="xs" c="dimmed" mt="sm">
        {t('app.shortcutsHint')}
      </Text>
    </Modal>
  );
}
