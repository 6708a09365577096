import { Group, Kbd, Modal, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
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
          <Table.Th w={110}>Keys</Table.Th>
          <Table.Th>What they do</Table.Th>
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
                        then
                      </Text>
                    ) : null}
                    <Kbd size="sm">{keyLabel(key)}</Kbd>
                  </Fragment>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{shortcut.does}</Text>
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
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered radius="lg" size="md">
      <ShortcutTable caption="Everywhere" shortcuts={SHORTCUTS.filter((shortcut) => !shortcut.field)} />
      <Title order={3} fz="sm" mt="md">
        On a task's page, a focused row or a focused card
      </Title>
      <ShortcutTable
        caption="On a task's page, a focused row or a focused card"
        shortcuts={SHORTCUTS.filter((shortcut) => shortcut.field)}
      />
      <Text size="xs" c="dimmed" mt="sm">
        Shortcuts do nothing while you type in a field or the editor. A field key opens that field’s picker:
        arrows and Enter pick, Esc closes it. On a row or a card (the one with the focus, or the one j and k
        selected), a field without a picker there opens the task with that field’s picker open.
      </Text>
    </Modal>
  );
}
