import { LABEL_NAME_MAX, type LabelView } from '@figgle/shared/planning-schemas';
import { ActionIcon, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { refusalText } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { confirm } from '../../../ui/confirm/confirm-service';
import { LabelChip } from '../../../ui/planning/label-chips';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDeleteLabel } from '../api/delete-label';
import { useUpdateLabel } from '../api/update-label';
import { LabelColorSelect } from './label-color-select';

const reason = (error: unknown) => refusalText(error, t('settings.reloadAndRetry'));

/** The text of the deletion's confirmation: how many tasks lose the label. */
function deleteLabelText(label: Pick<LabelView, 'name' | 'task_count'>): string {
  return label.task_count === 0
    ? t('settings.deleteLabelUnused', { name: label.name })
    : t('settings.deleteLabelUsed', { name: label.name, count: label.task_count });
}

/** The organization's labels: rename in place (Enter or leaving the field), recolour, delete. */
export function LabelsTable({ organizationId, labels }: { organizationId: string; labels: LabelView[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={t('settings.labels')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{t('settings.label')}</Table.Th>
            <Table.Th>{t('settings.name')}</Table.Th>
            <Table.Th w={150}>{t('settings.colour')}</Table.Th>
            <Table.Th w={90}>{t('settings.tasks')}</Table.Th>
            <Table.Th w={70}>
              <VisuallyHidden>{t('settings.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {labels.map((label) => (
            <LabelRow key={label.label_id} organizationId={organizationId} label={label} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LabelRow({ organizationId, label }: { organizationId: string; label: LabelView }) {
  const update = useUpdateLabel(organizationId);
  const remove = useDeleteLabel(organizationId);
  const [name, setName] = useState(label.name);
  useEffect(() => setName(label.name), [label.name]);

  function rename() {
    const next = name.trim();
    if (next === label.name) return;
    if (next === '') {
      setName(label.name);
      return;
    }
    update.mutate(
      { labelId: label.label_id, changes: { name: next } },
      {
        onSuccess: (saved) => toastSuccess(t('settings.labelRenamed', { name: saved.name })),
        onError: (error) => {
          setName(label.name);
          toastError(reason(error));
        },
      },
    );
  }

  async function askToDelete() {
    const sure = await confirm({
      title: t('settings.deleteLabelTitle', { name: label.name }),
      text: deleteLabelText(label),
      confirmLabel: t('common.delete'),
    });
    if (!sure) return;
    remove.mutate(label.label_id, {
      onSuccess: () => toastSuccess(t('settings.labelDeleted', { name: label.name })),
      onError: (error) => toastError(reason(error)),
    });
  }

  return (
    <Table.Tr>
      <Table.Td>
        <LabelChip label={{ name: name.trim() || label.name, color: label.color }} />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t('settings.labelNameAria', { name: label.name })}
          maxLength={LABEL_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={rename}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              rename();
            }
            if (event.key === 'Escape') setName(label.name);
          }}
        />
      </Table.Td>
      <Table.Td>
        <LabelColorSelect
          size="xs"
          ariaLabel={t('settings.labelColourAria', { name: label.name })}
          value={label.color}
          onChange={(color) =>
            update.mutate(
              { labelId: label.label_id, changes: { color } },
              { onError: (error) => toastError(reason(error)) },
            )
          }
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed" aria-label={t('settings.labelTaskCount', { count: label.task_count })}>
          {label.task_count}
        </Text>
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('settings.deleteLabelAria', { name: label.name })}
          title={t('common.delete')}
          onClick={() => void askToDelete()}
          loading={remove.isPending}
        >
          <IconTrash size={16} stroke={1.8} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
