import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { keyLabel, SHORTCUTS } from '../../shared/shortcuts';

export interface ShortcutsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** What "?" shows: every keyboard shortcut and what it does. */
export function ShortcutsDialog({ opened, onClose }: ShortcutsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered radius="lg" size="md">
      <Table verticalSpacing={6} horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Keys</Table.Th>
            <Table.Th>What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
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
      <Text size="xs" c="dimmed" mt="sm">
        Shortcuts do nothing while you type in a field or the editor.
      </Text>
    </Modal>
  );
}
