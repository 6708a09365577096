import type { CustomFieldView } from '@figgle/shared/custom-field-schemas';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastSuccess } from '../../../ui/toast';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { useSetProjectCustomField } from '../api/set-project-custom-field';
import { useUpdateCustomField } from '../api/update-custom-field';
import { kindLabel } from './kind-label';
import { type OptionDraft, OptionsEditor } from './options-editor';

/** One field: its kind and options, the projects it is on (and on their cards), and Delete. */
export function FieldCard({
  field,
  projects,
  organizationId,
}: {
  field: CustomFieldView;
  projects: readonly ProjectView[];
  organizationId: string;
}) {
  const setOn = useSetProjectCustomField(organizationId);
  const update = useUpdateCustomField(organizationId);
  const remove = useDeleteCustomField(organizationId);
  const [editing, setEditing] = useState<OptionDraft[] | null>(null);
  const selects = field.kind === 'single_select' || field.kind === 'multi_select';

  async function deleteField() {
    const held =
      field.value_count === 0
        ? t('custom-fields.heldNone')
        : t('custom-fields.held', { count: field.value_count });
    const sure = await confirm({
      title: t('custom-fields.deleteTitle', { name: field.name }),
      text: t('custom-fields.deleteText', { held }),
      confirmLabel: t('custom-fields.deleteField'),
    });
    if (!sure) return;
    remove.mutate(field.field_id, {
      onSuccess: () => toastSuccess(t('custom-fields.deleted', { name: field.name })),
    });
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={field.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="md">
              {field.name}
            </Title>
            <Badge variant="default" radius="sm" tt="none">
              {kindLabel(field.kind)}
              {field.unit ? ` (${field.unit})` : ''}
            </Badge>
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={deleteField}
            aria-label={t('custom-fields.deleteNamed', { name: field.name })}
          >
            {t('common.delete')}
          </Button>
        </Group>
        {selects ? (
          editing ? (
            <Stack gap="xs">
              <OptionsEditor options={editing} onChange={setEditing} fieldName={field.name} />
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={update.isPending}
                  onClick={() =>
                    update.mutate(
                      {
                        fieldId: field.field_id,
                        changes: { options: editing.filter((option) => option.name.trim() !== '') },
                      },
                      { onSuccess: () => setEditing(null) },
                    )
                  }
                >
                  {t('custom-fields.saveOptions')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap={6}>
              {field.options.map((option) => (
                <Badge key={option.option_id} variant="light" color={option.colour} radius="sm" tt="none">
                  {option.name}
                </Badge>
              ))}
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setEditing(field.options.map((option) => ({ ...option })))}
              >
                {t('custom-fields.editOptions')}
              </Button>
            </Group>
          )
        ) : null}
        <Text size="xs" c="dimmed">
          {t('custom-fields.valueCount', { count: field.value_count })}
        </Text>
        {projects.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('custom-fields.noProject')}
          </Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('custom-fields.columnProject')}</Table.Th>
                <Table.Th w={70}>{t('custom-fields.columnOn')}</Table.Th>
                <Table.Th w={90}>{t('custom-fields.columnOnCards')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.map((project) => {
                const place = field.projects.find((on) => on.project_id === project.project_id);
                return (
                  <Table.Tr key={project.project_id}>
                    <Table.Td>
                      <Text size="sm" truncate>
                        {project.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('custom-fields.onIn', { field: field.name, project: project.name })}
                        checked={place !== undefined}
                        onChange={(event) =>
                          setOn.mutate({
                            projectId: project.project_id,
                            fieldId: field.field_id,
                            enabled: event.currentTarget.checked,
                            on_card: false,
                          })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('custom-fields.onCardsOf', {
                          field: field.name,
                          project: project.name,
                        })}
                        disabled={place === undefined}
                        checked={place?.on_card === true}
                        onChange={(event) =>
                          setOn.mutate({
                            projectId: project.project_id,
                            fieldId: field.field_id,
                            enabled: true,
                            on_card: event.currentTarget.checked,
                          })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
