import type { DefaultView } from '@figgle/shared/emoji';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { Group, Modal, Radio } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { ProjectForm, type ProjectFormValues } from '../../../shared/project-form';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useUpdateProject } from '../api/update-project';
import { ProjectCyclesSection } from './project-cycles-section';
import { ProjectDeleteSection } from './project-delete-section';
import { ProjectEstimatesSection } from './project-estimates-section';
import { ProjectExportSection } from './project-export-section';
import { ProjectFigmaRuleSection } from './project-figma-rule-section';
import { ProjectImportSection } from './project-import-section';
import { ProjectStatusesSection } from './project-statuses-section';

export interface ProjectSettingsDialogProps {
  opened: boolean;
  onClose: () => void;
  project: ProjectView;
}

export function ProjectSettingsDialog({ opened, onClose, project }: ProjectSettingsDialogProps) {
  return (
    // Below the app's confirmation dialog (z-index 200), which asks before deleting from here.
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tasks.projectSettings')}
      size="lg"
      radius="lg"
      zIndex={190}
    >
      {/* The form with its own Save and Cancel, then the actions on the whole project, Delete last. */}
      {opened ? (
        <>
          <ProjectSettingsForm project={project} onDone={onClose} />
          <ProjectStatusesSection projectId={project.project_id} />
          <ProjectEstimatesSection project={project} />
          <ProjectCyclesSection projectId={project.project_id} />
          <ProjectFigmaRuleSection projectId={project.project_id} />
          <ProjectImportSection projectId={project.project_id} onLeave={onClose} />
          <ProjectExportSection projectId={project.project_id} />
          <ProjectDeleteSection project={project} onDeleted={onClose} />
        </>
      ) : null}
    </Modal>
  );
}

function ProjectSettingsForm({ project, onDone }: { project: ProjectView; onDone: () => void }) {
  const updateProject = useUpdateProject();
  const [defaultView, setDefaultView] = useState<DefaultView>(project.default_view);

  function submit({ name, trigram, emoji, description, bookmarked }: ProjectFormValues) {
    updateProject.mutate(
      {
        projectId: project.project_id,
        changes: { name, trigram, description, default_view: defaultView, emoji },
        bookmarked,
      },
      {
        onSuccess: () => {
          toastSuccess(t('messages.projectUpdated'));
          onDone();
        },
        onError: () => toastError(t('messages.saveFailed')),
      },
    );
  }

  return (
    <ProjectForm
      initial={{
        name: project.name,
        trigram: project.trigram,
        emoji: project.emoji,
        description: project.description,
        bookmarked: project.is_bookmarked,
      }}
      submitLabel={t('common.save')}
      pending={updateProject.isPending}
      onSubmit={submit}
      onCancel={onDone}
    >
      <Radio.Group
        label={t('tasks.defaultView')}
        name="default_view"
        required
        value={defaultView}
        onChange={(value) => setDefaultView(value as DefaultView)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="LIST" label={t('tasks.viewList')} />
          <Radio value="KANBAN" label={t('tasks.viewKanban')} />
          <Radio value="CALENDAR" label={t('tasks.calendar')} />
        </Group>
      </Radio.Group>
    </ProjectForm>
  );
}
