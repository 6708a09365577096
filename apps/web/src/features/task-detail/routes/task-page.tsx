import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { queryKeys } from '../../../shared/api/query-keys';
import { useUpdateTask } from '../../../shared/api/update-task';
import { paths } from '../../../shared/paths';
import { TaskActionsMenu } from '../../../shared/task-actions/task-actions-menu';
import type { RichTextValue } from '../../../ui/editor/rich-text-value';
import { PageLoader } from '../../../ui/page-loader';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { toastError } from '../../../ui/toast';
import { useTask } from '../api/get-task';
import { useTimeline } from '../api/list-timeline';
import { useUpdateTaskContent } from '../api/update-task-content';
import { Checklist } from '../components/checklist';
import { CommentComposer } from '../components/comment-composer';
import { SaveIndicator } from '../components/save-indicator';
import { ParentLink, Subtasks } from '../components/subtasks';
import { TaskDescription } from '../components/task-description';
import classes from '../components/task-detail.module.css';
import { TaskBlockedMark, TaskRelations } from '../components/task-relations';
import { TaskSidePanel } from '../components/task-side-panel';
import { TaskTitle } from '../components/task-title';
import { TaskViewers } from '../components/task-viewers';
import { Timeline } from '../components/timeline';
import { useAfterPaint } from '../hooks/use-after-paint';
import { useAutosave } from '../hooks/use-autosave';
import { useStalenessCheck } from '../hooks/use-staleness-check';
import { useTaskFieldKeys } from '../hooks/use-task-field-keys';

function TaskNotFound() {
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Title order={1} fz={24}>
        {t('task-detail.notFoundTitle')}
      </Title>
      <Text c="dimmed">{t('task-detail.notFoundText')}</Text>
      <Button component={Link} to={paths.projects} variant="light">
        {t('task-detail.backToProjects')}
      </Button>
    </Stack>
  );
}

/**
 * The Activity section, with its own read of the timeline: when the timeline lands (a hundred and
 * more lines on a task with many sub-tasks), only this section draws, not the whole page above it,
 * and after the sections above it (docs/machinery/task-page-load.md). Every 5 s, a task or timeline
 * older than 60 s is read again (useStalenessCheck).
 */
function TaskActivity({
  taskId,
  projectId,
  organizationId,
  taskUpdatedAt,
  onStale,
}: {
  taskId: string;
  projectId: string;
  organizationId: string;
  taskUpdatedAt: number;
  onStale: () => void;
}) {
  const timeline = useTimeline(taskId);
  // Drawn after what the answers above it bring (a low-priority render, which React interrupts for
  // them), also on the page's first render: the rows above are painted without waiting for it.
  const shown = useDeferredValue(timeline.data ?? null, null);
  // The comment editor (a second Quill) is drawn in the frame after the page's first paint.
  const painted = useAfterPaint();
  useStalenessCheck(Math.min(taskUpdatedAt, timeline.dataUpdatedAt), onStale);
  return (
    <section aria-labelledby="task-activity-heading">
      <Title id="task-activity-heading" order={2} fz="sm" fw={600} c="dimmed" tt="uppercase" mb={8}>
        {t('task-detail.activity')}
      </Title>
      <Stack gap="md">
        {shown ? <Timeline timeline={shown} projectId={projectId} /> : null}
        {painted ? <CommentComposer taskId={taskId} organizationId={organizationId} /> : null}
      </Stack>
    </section>
  );
}

/** The checklist, below the sub-tasks and relations: drawn and read in the frame after the page's first paint. */
function ChecklistAfterPaint({ taskId }: { taskId: string }) {
  return useAfterPaint() ? <Checklist taskId={taskId} /> : null;
}

/**
 * One page per task: moving to another task mounts a fresh page, so a pending autosave of the
 * previous one is flushed to that task and never lands on the next.
 */
export function TaskPage() {
  const { taskId = '' } = useParams();
  return <TaskPageContent key={taskId} taskId={taskId} />;
}

function TaskPageContent({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const task = useTask(taskId);
  const updateTitle = useUpdateTask();
  const updateContent = useUpdateTaskContent(taskId);

  const titleAutosave = useAutosave<string>(
    useCallback(
      (title: string) => updateTitle.mutateAsync({ taskId, changes: { title } }),
      [updateTitle.mutateAsync, taskId],
    ),
  );
  const contentAutosave = useAutosave<RichTextValue>(updateContent.mutateAsync);

  useEffect(() => {
    if (titleAutosave.status === 'error' || contentAutosave.status === 'error')
      toastError(t('messages.saveFailed'));
  }, [titleAutosave.status, contentAutosave.status]);

  useEffect(() => {
    if (task.error && !(task.error instanceof ApiRequestError && task.error.statusCode === 404)) {
      toastError(t('messages.loadFailed'));
    }
  }, [task.error]);

  // Closing or reloading the tab within 2 s of typing: save now, and ask the browser to hold on.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!titleAutosave.isDirty() && !contentAutosave.isDirty()) return;
      titleAutosave.flush();
      contentAutosave.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [titleAutosave.isDirty, titleAutosave.flush, contentAutosave.isDirty, contentAutosave.flush]);

  useEffect(() => {
    if (!task.data) return;
    document.title = `#${task.data.reference} ${task.data.title} · Figgle`;
  }, [task.data]);

  const navigate = useNavigate();
  const projectId = task.data?.project.project_id;
  // After Delete in the "…" menu the page goes to the task's project; after Duplicate, to the copy.
  const leaveDeleted = useCallback(() => {
    if (projectId) navigate(paths.projectList(projectId), { replace: true });
  }, [navigate, projectId]);
  const openCopy = useCallback((copyId: string) => navigate(paths.task(copyId)), [navigate]);

  useTaskFieldKeys(task.data);

  const refreshStale = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: queryKeys.task(taskId) }, { cancelRefetch: false });
  }, [queryClient, taskId]);

  if (task.isPending) return <PageLoader />;
  if (!task.data) return <TaskNotFound />;
  const data = task.data;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="md" mih={28}>
          <nav aria-label={t('task-detail.breadcrumb')} style={{ minWidth: 0 }}>
            <Breadcrumbs separator="›" separatorMargin={6}>
              {/* A long project name ends in an ellipsis rather than run under the faces beside it. */}
              <Anchor
                component={Link}
                to={paths.projectList(data.project.project_id)}
                size="sm"
                miw={0}
                maw="100%"
                title={data.project.name}
              >
                <Group gap={6} wrap="nowrap" component="span">
                  <ProjectEmoji emoji={data.project.emoji} size="xs" />
                  <Text component="span" inherit truncate miw={0}>
                    {data.project.name}
                  </Text>
                </Group>
              </Anchor>
              <Text size="sm" c="dimmed" aria-current="page">
                #{data.reference}
              </Text>
            </Breadcrumbs>
          </nav>
          <TaskViewers taskId={taskId} />
        </Group>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <ParentLink taskId={taskId} />
              <TaskBlockedMark taskId={taskId} />
            </Group>
            <TaskTitle title={data.title} autosave={titleAutosave} />
          </div>
          <SaveIndicator statuses={[titleAutosave.status, contentAutosave.status]} />
          <TaskActionsMenu
            taskId={taskId}
            projectId={data.project.project_id}
            title={data.title}
            reference={`${data.project.trigram}-${data.reference}`}
            onDeleted={leaveDeleted}
            onDuplicated={openCopy}
            offerToPalette
            size="md"
            cycleId={data.cycle_id}
          />
        </Group>
      </Stack>

      <div className={classes.layout}>
        <Stack gap="xl" miw={0}>
          <section aria-labelledby="task-description-heading">
            <Title id="task-description-heading" order={2} fz="sm" fw={600} c="dimmed" tt="uppercase" mb={8}>
              {t('task-detail.description')}
            </Title>
            <TaskDescription
              taskId={taskId}
              organizationId={data.project.organization_id}
              content={data.content_json}
              autosave={contentAutosave}
            />
          </section>

          <Subtasks
            taskId={taskId}
            projectId={data.project.project_id}
            organizationId={data.project.organization_id}
            ownEstimate={data.estimate ?? null}
          />

          <TaskRelations
            taskId={taskId}
            projectId={data.project.project_id}
            reference={`${data.project.trigram}-${data.reference}`}
            title={data.title}
            status={data.status}
          />

          <ChecklistAfterPaint taskId={taskId} />

          <TaskActivity
            taskId={taskId}
            projectId={data.project.project_id}
            organizationId={data.project.organization_id}
            taskUpdatedAt={task.dataUpdatedAt}
            onStale={refreshStale}
          />
        </Stack>
        <TaskSidePanel task={data} />
      </div>
    </Stack>
  );
}
