import type { DefaultView, ProjectEmoji } from '@figgle/shared/emoji';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { trigramFromName } from '@figgle/shared/trigram';
import { Button, Group, Modal, Radio, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { EmojiSelect } from '../../../ui/emoji-select';
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
      centered
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
  const [name, setName] = useState(project.name);
  const [trigram, setTrigram] = useState(project.trigram);
  // As in the add dialog: once the person empties the trigram (or cuts it short), it follows the
  // name until they type a whole one; left empty, it takes the name's letters.
  const [trigramFollowsName, setTrigramFollowsName] = useState(false);
  const [description, setDescription] = useState(project.description);
  const [defaultView, setDefaultView] = useState<DefaultView>(project.default_view);
  const [emoji, setEmoji] = useState<ProjectEmoji>(project.emoji);
  const [bookmarked, setBookmarked] = useState(project.is_bookmarked);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('tasks.projectName')}
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setName(next);
            if (trigramFollowsName) setTrigram(trigramFromName(next));
          }}
        />
        <TextInput
          label={t('tasks.trigram')}
          name="trigram"
          description={t('tasks.trigramRule')}
          required
          minLength={3}
          maxLength={3}
          pattern="[A-Za-z0-9]{3}"
          title={t('tasks.trigramRule')}
          value={trigram}
          onChange={(event) => {
            const next = event.currentTarget.value.toUpperCase();
            setTrigram(next);
            setTrigramFollowsName(next.length < 3);
          }}
          onBlur={() => setTrigram((current) => (current === '' ? trigramFromName(name) : current))}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
        />
        <Textarea
          label={t('tasks.projectDescription')}
          name="description"
          maxLength={2000}
          autosize
          minRows={3}
          maxRows={8}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
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
        <EmojiSelect value={emoji} onChange={setEmoji} />
        <Switch
          label={t('tasks.favorite')}
          description={t('tasks.favoriteDescription')}
          checked={bookmarked}
          onChange={(event) => setBookmarked(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={updateProject.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
