import { radarTaskTitle } from '@figgle/shared/figma';
import type { TaskFromEventView } from '@figgle/shared/figma-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';
import { pinnedNodeOf, taskDescription } from '../../figma-webhook/commands/record-file-comment.ts';
import { announceTaskCreated, insertTask } from '../../tasks/commands/insert-task.ts';
import { figmaEventById } from '../queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'bus'> & { log: { warn(object: object, message: string): void } };

/**
 * 'Create a Task from this event': a task in a project of the event's organization, titled with the
 * first 100 characters of the comment, TODO, no assignee, written by the user. It keeps the file and
 * the pinned node so the task page can show the design. One live task per event: its thread's
 * replies then become comments on it.
 */
export async function createTaskFromEvent(
  deps: Deps,
  user: CurrentUser,
  { eventId, projectId }: { eventId: string; projectId: string },
): Promise<TaskFromEventView> {
  const { db, bus } = deps;
  const event = await figmaEventById(db, eventId);
  if (!event) throw notFound('Figma event');
  await authorize(db, user, 'figmaEvent.createTask', event.organization_id, 'Figma event');
  const projectOrganization = await organizationOfProject(db, projectId);
  if (projectOrganization !== event.organization_id) {
    throw badRequest('Choose a project of the organization this Figma comment was made in.', [
      { path: 'body.project_id', message: 'is not a project of this organization' },
    ]);
  }
  await authorize(db, user, 'task.create', projectOrganization, 'Project');
  if (event.task_id) throw conflict('A task has already been created from this event.');

  const storedNode = event.figma_client_meta?.node_id;
  const nodeId =
    typeof storedNode === 'string'
      ? storedNode
      : event.kind === 'REPLY'
        ? null
        : await pinnedNodeOf(deps, event.organization_id, {
            file_key: event.figma_file_key,
            comment_id: event.figma_comment_id,
          });
  const clientMeta = { figma_file_key: event.figma_file_key, ...(nodeId ? { node_id: nodeId } : {}) };
  const title = radarTaskTitle(event.content, event.figma_file_name);

  const write = () =>
    db.transaction().execute(async (trx) => {
      // Claims the event first: two clicks at once make one task.
      const claimed = await trx
        .updateTable('figma_event')
        .set({ project_id: projectId })
        .where('figma_event_id', '=', eventId)
        .where((eb) =>
          eb.or([
            eb('task_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('task')
                  .select('task.task_id')
                  .whereRef('task.task_id', '=', 'figma_event.task_id')
                  .where('task.deleted_at', 'is', null),
              ),
            ),
          ]),
        )
        .returning('figma_event_id')
        .executeTakeFirst();
      if (!claimed) throw conflict('A task has already been created from this event.');
      const task = await insertTask(trx, {
        projectId,
        title,
        status: 'TODO',
        assigneeId: null,
        authorId: user.user_id,
        authorName: `${user.firstname} ${user.lastname}`.trim(),
        contentJson: taskDescription(event.content, event.figma_file_key, nodeId),
        isFromFigma: false,
        figmaClientMeta: clientMeta,
      });
      await trx
        .updateTable('figma_event')
        .set({ task_id: task.taskId })
        .where('figma_event_id', '=', eventId)
        .execute();
      return task;
    });
  const created = await publishAfterCommit(bus, write, (task) => [
    announceTaskCreated(task, user.user_id),
    {
      event: {
        kind: 'figma_event',
        action: 'updated',
        id: eventId,
        organizationId: event.organization_id,
        actorId: user.user_id,
      },
    },
  ]);
  return { task_id: created.taskId, project_id: created.projectId, reference: created.reference, title };
}
