import { Alert, Anchor, Button, Group, Modal, NativeSelect, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { useOrganizations } from '../../../shared/api/list-organizations';
import { useProjects } from '../../../shared/api/list-projects';
import { paths, projectPath } from '../../../shared/paths';
import { ProjectForm, type ProjectFormValues } from '../../../shared/project-form';
import { toastError } from '../../../ui/toast';
import { useCreateProject } from '../api/create-project';

export interface AddProjectDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function AddProjectDialog({ opened, onClose }: AddProjectDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('projects.addProject')} size="lg" radius="lg">
      {opened ? <AddProjectForm onDone={onClose} /> : null}
    </Modal>
  );
}

function AddProjectForm({ onDone }: { onDone: () => void }) {
  const organizations = useOrganizations();
  const createProject = useCreateProject();
  const navigate = useNavigate();
  const [organizationId, setOrganizationId] = useState('');
  // "Start from": an empty project, or a project of the organization used as a template.
  const [templateProjectId, setTemplateProjectId] = useState('');
  const projects = useProjects();
  const templateChoices = (projects.data ?? []).filter(
    (project) => project.organization.organization_id === organizationId,
  );
  // A project of an organization chosen before is no template for another one.
  const templateProject = templateChoices.some((project) => project.project_id === templateProjectId)
    ? templateProjectId
    : '';

  const choices = organizations.data ?? [];
  // With a single organization there is nothing to choose.
  useEffect(() => {
    if (!organizationId && choices.length === 1) setOrganizationId(choices[0]!.organization_id);
  }, [choices, organizationId]);

  function submit({ name, trigram, emoji, description, bookmarked }: ProjectFormValues) {
    // The organizations could not be read: there is nothing to create the project in yet.
    if (!organizationId) return;
    createProject.mutate(
      {
        name,
        trigram,
        organization_id: organizationId,
        emoji,
        description,
        is_bookmarked: bookmarked,
        templateProjectId: templateProject || null,
      },
      {
        // The new project opens in its default view (docs/product.md#projects): its first task is added there.
        onSuccess: (project) => {
          onDone();
          navigate(projectPath(project));
        },
        onError: () => toastError(t('messages.saveFailed')),
      },
    );
  }

  if (organizations.isSuccess && choices.length === 0) {
    return (
      <Text size="sm">
        {tRich('projects.noOrganizationYet', {
          link: (chunks) => (
            <Anchor component={Link} to={paths.settingsNewOrganization}>
              {chunks}
            </Anchor>
          ),
        })}
      </Text>
    );
  }

  return (
    <ProjectForm
      initial={{ name: '', trigram: '', emoji: 'fox', description: '', bookmarked: false }}
      submitLabel={t('projects.create')}
      pending={createProject.isPending}
      onSubmit={submit}
      onCancel={onDone}
      sideAction={
        <Button component={Link} to={paths.projectsImport} variant="subtle" onClick={onDone}>
          {t('projects.importFromFile')}
        </Button>
      }
    >
      {organizations.isError && choices.length === 0 ? (
        // Without its organizations the dialog cannot offer a choice: an empty select would say nothing.
        <Alert color="red" variant="light" role="alert" title={t('projects.organization')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('messages.loadFailed')}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void organizations.refetch()}>
              {t('projects.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <NativeSelect
          label={t('projects.organization')}
          name="organization_id"
          required
          value={organizationId}
          onChange={(event) => setOrganizationId(event.currentTarget.value)}
          data={[
            {
              value: '',
              label: organizations.isPending ? t('messages.tableLoading') : t('messages.selectPlaceholder'),
              disabled: true,
            },
            ...choices.map((organization) => ({
              value: organization.organization_id,
              label: organization.name,
            })),
          ]}
        />
      )}
      <NativeSelect
        label={t('projects.startFrom')}
        name="template_project_id"
        description={t('projects.startFromHint')}
        value={templateProject}
        onChange={(event) => setTemplateProjectId(event.currentTarget.value)}
        data={[
          { value: '', label: t('projects.emptyProject') },
          ...templateChoices.map((project) => ({ value: project.project_id, label: project.name })),
        ]}
      />
    </ProjectForm>
  );
}
