import type { ProjectView } from '@figgle/shared/project-schemas';
import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, Suspense, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { lazyReady } from '../../../lib/lazy-ready';
import { useProjects } from '../../../shared/api/list-projects';
import { DialogButtons } from '../../../ui/dialog-buttons';
import type { AddTaskDialogProps } from './add-task-dialog';

// The form is fetched when a project has been chosen, not with My tasks.
const AddTaskDialog = lazyReady<AddTaskDialogProps>(
  async () => (await import('./add-task-dialog')).AddTaskDialog,
);

/**
 * My tasks' "Add a task": the tasks here come from every project, so the dialog first asks which
 * project the new task goes to, then opens that project's own add-task dialog.
 */
export function AddTaskAnywhere() {
  const [asking, setAsking] = useState(false);
  const [project, setProject] = useState<ProjectView | null>(null);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAsking(true)}>
        {t('tasks.addTaskTitle')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('tasks.addTaskTitle')} radius="lg">
        {asking ? (
          <ProjectChoice
            onChosen={(chosen) => {
              setAsking(false);
              setProject(chosen);
            }}
            onCancel={() => setAsking(false)}
          />
        ) : null}
      </Modal>
      {project ? (
        <Suspense fallback={null}>
          <AddTaskDialog
            opened
            onClose={() => setProject(null)}
            projectId={project.project_id}
            organizationId={project.organization_id}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ProjectChoice({
  onChosen,
  onCancel,
}: {
  onChosen: (project: ProjectView) => void;
  onCancel: () => void;
}) {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<string | null>(null);
  const choices = projects.data ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = choices.find((project) => project.project_id === projectId);
    if (chosen) onChosen(chosen);
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {projects.isSuccess && choices.length === 0 ? (
          <Text size="sm">{t('tasks.anywhereNoProject')}</Text>
        ) : (
          <Select
            label={t('tasks.anywhereProject')}
            description={t('tasks.anywhereProjectDescription')}
            placeholder={t('messages.selectPlaceholder')}
            required
            searchable
            data-autofocus
            nothingFoundMessage={t('messages.selectNoMatch')}
            value={projectId}
            onChange={setProjectId}
            data={choices.map((project) => ({
              value: project.project_id,
              label: `${project.name} (${project.trigram})`,
            }))}
            error={projects.isError ? t('messages.loadFailed') : undefined}
          />
        )}
        <DialogButtons onCancel={onCancel} submitLabel={t('tasks.next')} disabled={!projectId} gap="sm" />
      </Stack>
    </form>
  );
}
