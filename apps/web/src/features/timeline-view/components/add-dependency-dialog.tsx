import { Button, Group, Modal, NativeSelect, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import type { Bar } from './timeline-model';

/**
 * "Add dependency…" of a bar's menu, the keyboard's way to draw an arrow: the focused task blocks the
 * task chosen here. Tasks it already blocks are not offered.
 */
export function AddDependencyDialog({
  blocker,
  bars,
  blocks,
  onAdd,
  onClose,
}: {
  /** The task the menu was opened on; null while the dialog is closed. */
  blocker: Bar | null;
  bars: Map<string, Bar>;
  /** The ids of the tasks `blocker` already blocks. */
  blocks: Set<string>;
  onAdd: (blockedId: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={blocker !== null}
      onClose={onClose}
      title={t('timeline.addDependencyTitle')}
      returnFocus={false}
    >
      {blocker ? <DependencyForm blocker={blocker} bars={bars} blocks={blocks} onAdd={onAdd} /> : null}
    </Modal>
  );
}

function DependencyForm({
  blocker,
  bars,
  blocks,
  onAdd,
}: {
  blocker: Bar;
  bars: Map<string, Bar>;
  blocks: Set<string>;
  onAdd: (blockedId: string) => void;
}) {
  const choices = [...bars.values()]
    .filter((bar) => bar.task.task_id !== blocker.task.task_id && !blocks.has(bar.task.task_id))
    .sort((a, b) => a.task.reference - b.task.reference);
  const [blocked, setBlocked] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) onAdd(blocked);
  };
  return (
    <form onSubmit={submit}>
      <Text size="sm" mb="sm">
        {t('timeline.addDependencyText', { task: `${blocker.label} ${blocker.task.title}` })}
      </Text>
      <NativeSelect
        label={t('timeline.blocksLabel')}
        data-autofocus
        value={blocked}
        onChange={(event) => setBlocked(event.currentTarget.value)}
        data={[
          { value: '', label: t('timeline.chooseTask') },
          ...choices.map((bar) => ({ value: bar.task.task_id, label: `${bar.label} ${bar.task.title}` })),
        ]}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={!blocked}>
          {t('timeline.addDependencyButton')}
        </Button>
      </Group>
    </form>
  );
}
