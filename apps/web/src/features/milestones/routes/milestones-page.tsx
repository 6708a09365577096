import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useProjectMilestones } from '../../../shared/api/list-milestones';
import { useProjects } from '../../../shared/api/list-projects';
import { paths } from '../../../shared/paths';
import { confirm } from '../../../ui/confirm/confirm-service';
import { PageHeader } from '../../../ui/page-header';
import { useCreateMilestone } from '../api/create-milestone';
import { useDeleteMilestone } from '../api/delete-milestone';
import { useUpdateMilestone } from '../api/update-milestone';
import { MilestoneCard } from '../components/milestone-card';
import { type MilestoneFields, MilestoneForm } from '../components/milestone-form';

/**
 * A project's milestones (/project/:projectId/milestones, docs/product.md#milestones): soonest target
 * first, each with its progress and forecast; members add, change and remove them. Live: a task done
 * on the board moves the figures here.
 */
export function MilestonesPage() {
  const { projectId = '' } = useParams();
  const project = useProjects().data?.find((candidate) => candidate.project_id === projectId);
  const milestones = useProjectMilestones(projectId);
  const create = useCreateMilestone(projectId);
  const update = useUpdateMilestone(projectId);
  const remove = useDeleteMilestone(projectId);
  const [editing, setEditing] = useState<'new' | string | null>(null);

  const add = (fields: MilestoneFields) =>
    create.mutate({ projectId, ...fields }, { onSuccess: () => setEditing(null) });
  const change = (milestone: MilestoneView, fields: MilestoneFields) =>
    update.mutate(
      { milestoneId: milestone.milestone_id, changes: fields },
      { onSuccess: () => setEditing(null) },
    );
  const askToDelete = async (milestone: MilestoneView) => {
    const sure = await confirm({
      title: t('milestones.deleteTitle', { name: milestone.name }),
      text: t('milestones.deleteText'),
      confirmLabel: t('common.delete'),
      cancelLabel: t('milestones.keepIt'),
    });
    if (sure) remove.mutate(milestone.milestone_id);
  };
  const closeForm = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };

  return (
    <>
      <PageHeader
        title={project ? t('milestones.titleOf', { name: project.name }) : t('milestones.title')}
        subtitle={
          <Anchor component={Link} to={paths.projectKanban(projectId)} size="sm">
            {t('milestones.backToBoard')}
          </Anchor>
        }
        actions={
          editing === 'new' ? null : (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('milestones.addMilestone')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        {editing === 'new' ? (
          <MilestoneForm
            submitLabel={t('milestones.addTheMilestone')}
            pending={create.isPending}
            error={create.error?.message ?? null}
            onSubmit={add}
            onCancel={closeForm}
          />
        ) : null}
        {milestones.isPending ? <Loader aria-label={t('milestones.loading')} /> : null}
        {milestones.error ? <Text c="red">{milestones.error.message}</Text> : null}
        {milestones.data?.length === 0 && editing !== 'new' ? (
          <Text c="dimmed">{t('milestones.empty')}</Text>
        ) : null}
        <Stack
          gap="md"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('milestones.title')}
        >
          {milestones.data?.map((milestone) =>
            editing === milestone.milestone_id ? (
              <li key={milestone.milestone_id}>
                <MilestoneForm
                  milestone={milestone}
                  submitLabel={t('common.save')}
                  pending={update.isPending}
                  error={update.error?.message ?? null}
                  onSubmit={(fields) => change(milestone, fields)}
                  onCancel={closeForm}
                />
              </li>
            ) : (
              <MilestoneCard
                key={milestone.milestone_id}
                milestone={milestone}
                onEdit={() => setEditing(milestone.milestone_id)}
                onDelete={() => void askToDelete(milestone)}
              />
            ),
          )}
        </Stack>
      </Stack>
    </>
  );
}
