import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Button, Menu, Modal, NativeSelect, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { useStatusChoices } from '../../../../shared/api/list-project-statuses';
import { useProjects } from '../../../../shared/api/list-projects';
import { DialogButtons } from '../../../../ui/dialog-buttons';

/**
 * The selection bar's "Move to project": the other projects of the tasks' organization. Their
 * statuses are mapped there by name, then by category; a status with no match is asked about
 * (BulkStatusQuestion) once the server has named it.
 */
export function BulkMoveMenu({
  tasks,
  organizationId,
  onMove,
}: {
  tasks: readonly TaskSummaryView[];
  organizationId: string;
  onMove: (project: { projectId: string; name: string }) => void;
}) {
  const projects = useProjects();
  const choices = (projects.data ?? []).filter(
    (project) =>
      project.organization.organization_id === organizationId &&
      !tasks.every((task) => task.project_id === project.project_id),
  );
  return (
    <Menu position="top" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('tasks.bulkMoveToProject')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={280} type="auto">
          {choices.length === 0 ? <Menu.Label>{t('tasks.bulkNoOtherProject')}</Menu.Label> : null}
          {choices.map((project) => (
            <Menu.Item
              key={project.project_id}
              onClick={() => onMove({ projectId: project.project_id, name: project.name })}
            >
              {project.name}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * "Which status in Website?": for each status of the moved tasks that the project has no status of
 * the same name or category for, the person picks one of its statuses; Move sends them as status_map.
 */
export function BulkStatusQuestion({
  projectId,
  projectName,
  names,
  onAnswer,
  onCancel,
}: {
  projectId: string;
  projectName: string;
  names: readonly string[];
  onAnswer: (statusMap: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const statuses = useStatusChoices(projectId);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const answer = Object.fromEntries(names.map((name) => [name, chosen[name] ?? statuses[0]?.key ?? '']));
  return (
    <Modal opened onClose={onCancel} title={t('tasks.whichStatusTitle', { project: projectName })}>
      <Stack gap="md">
        <Text size="sm">{t('tasks.whichStatusText', { project: projectName, count: names.length })}</Text>
        {names.map((name) => (
          <NativeSelect
            key={name}
            label={t('tasks.whichStatusLabel', { name })}
            data={statuses.map((status) => ({ value: status.key, label: status.name }))}
            value={answer[name]}
            onChange={(event) => {
              const key = event.currentTarget.value;
              setChosen((current) => ({ ...current, [name]: key }));
            }}
          />
        ))}
        <DialogButtons onCancel={onCancel} submitLabel={t('tasks.move')} onSubmit={() => onAnswer(answer)} />
      </Stack>
    </Modal>
  );
}
