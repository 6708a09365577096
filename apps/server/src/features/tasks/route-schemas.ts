import { boardViewSchema, projectTasksQuery } from '@figgle/shared/board-schemas';
import { bulkChangeTasksInput, bulkDeleteTasksInput } from '@figgle/shared/bulk-task-schemas';
import { setTaskLabelsInput } from '@figgle/shared/planning-schemas';
import { projectIdParams } from '@figgle/shared/project-schemas';
import {
  addTaskRelationInput,
  deleteTaskQuery,
  moveSubtaskInput,
  relationIdParams,
  setTaskParentInput,
  taskStructureViewSchema,
} from '@figgle/shared/subtask-schemas';
import {
  createTaskInput,
  kanbanUpdateInput,
  moveTaskToProjectInput,
  myTaskViewSchema,
  taskDetailViewSchema,
  taskIdParams,
  taskSummaryViewSchema,
  updateTaskInput,
} from '@figgle/shared/task-schemas';
import { z } from 'zod';
import { noContent } from '../../http/response-schemas.ts';

// What each task route takes and answers, for validation and the OpenAPI description. Lists, moves
// and edits answer JSON text the database built in the presenters' shape (json-reply.ts): Fastify
// does not run a schema over text, so task-json-matches-presenter.test.ts holds the text to it.
const tags = ['tasks'];

export const listProjectTasksSchema = {
  tags,
  description:
    'The live tasks of a project, in list order (column, then rank). With `?shape=compact`, the same ' +
    'tasks in the board shape the web app reads: in creation order, each field left out when it holds ' +
    'its default, people and labels named once (@figgle/shared/board-tasks reads it back). With ' +
    '`?field=<field id>:<value>,…`, only the tasks the custom field filters keep: an option or person id, ' +
    '`yes`, `no`, `none`, `any`, `~word`, `>5`, `2..8`, `<2026-03-01` (several values of a field: any; ' +
    'several fields: each); a value the field cannot hold, or a field not on in the project, is a 400.',
  params: projectIdParams,
  querystring: projectTasksQuery,
  response: { 200: z.union([z.array(taskSummaryViewSchema), boardViewSchema]) },
};
export const createTaskSchema = {
  tags,
  params: projectIdParams,
  body: createTaskInput,
  response: { 201: taskSummaryViewSchema },
};
export const listMyTasksSchema = { tags, response: { 200: z.array(myTaskViewSchema) } };
export const getTaskSchema = { tags, params: taskIdParams, response: { 200: taskDetailViewSchema } };
export const updateTaskSchema = {
  tags,
  description:
    'Changes the fields sent; an absent field stays as it is. due_on (YYYY-MM-DD) or due_at (an ISO ' +
    'instant) sets the due date and clears the other; start_date (YYYY-MM-DD, null clears it) sets ' +
    'the start date. A start date after the due date the request leaves (whether it sets start_date, ' +
    'the due date or both) is a 400 that changes nothing.',
  params: taskIdParams,
  body: updateTaskInput,
  response: { 200: taskSummaryViewSchema },
};
export const deleteTaskSchema = {
  tags,
  description:
    'Deletes the task. Its sub-tasks stay as top-level tasks (subtasks=keep, the default) or are deleted ' +
    'with it, to any depth (subtasks=delete). The relations of every deleted task are removed. The task ' +
    "goes to the organization's trash for 30 days (GET /api/organizations/:organizationId/trash), from " +
    'where POST /api/trash/:trashId/restore brings it back with the sub-tasks and relations it lost.',
  params: taskIdParams,
  querystring: deleteTaskQuery,
  response: { 204: noContent },
};
export const setTaskLabelsSchema = {
  tags,
  params: taskIdParams,
  body: setTaskLabelsInput,
  response: { 200: taskSummaryViewSchema },
};
export const setTaskParentSchema = {
  tags,
  description:
    'Makes the task a sub-task of parent_id (a task of the same organization, in any project), or a ' +
    'top-level task with null. A cycle, another organization and a parent with 10,000 sub-tasks are ' +
    'refused with 400, changing nothing.',
  params: taskIdParams,
  body: setTaskParentInput,
  response: { 200: taskSummaryViewSchema },
};
export const moveSubtaskSchema = {
  tags,
  description:
    "Moves a sub-task to index among its parent's sub-tasks (counted without it; past the end: last). " +
    'A task without a parent is refused with 400.',
  params: taskIdParams,
  body: moveSubtaskInput,
  response: { 204: noContent },
};
export const taskStructureSchema = {
  tags,
  description:
    "The task page's Sub-tasks and Relations: the parent, the sub-tasks with their progress, the " +
    'relations as this task reads them, and whether an open task blocks it.',
  params: taskIdParams,
  response: { 200: taskStructureViewSchema },
};
export const addTaskRelationSchema = {
  tags,
  description:
    'Relates the task to another of its organization, as the task reads it: it blocks, is blocked by, ' +
    'relates to, duplicates or is duplicated by task_id. Itself and another organization are refused ' +
    'with 400, a relation the pair already holds with 409.',
  params: taskIdParams,
  body: addTaskRelationInput,
  response: { 201: z.object({ relation_id: z.uuid() }) },
};
export const removeTaskRelationSchema = {
  tags,
  description: 'Removes a relation of the task, from both of its tasks.',
  params: relationIdParams,
  response: { 204: noContent },
};
export const moveTaskSchema = { tags, body: kanbanUpdateInput, response: { 200: taskSummaryViewSchema } };
export const moveTaskToProjectSchema = {
  tags,
  description:
    'Moves a task to another project of its organization: a new reference there, the end of its ' +
    'status column, its comments, checklist, labels and change log with it.',
  params: taskIdParams,
  body: moveTaskToProjectInput,
  response: { 200: taskSummaryViewSchema },
};
export const duplicateTaskSchema = {
  tags,
  description:
    'A copy of the task in its project, titled "… (copy)": description, status, assignee, due date, ' +
    'priority, labels and checklist; not its comments or change log.',
  params: taskIdParams,
  response: { 201: taskSummaryViewSchema },
};
export const bulkChangeTasksSchema = {
  tags,
  description:
    'Changes the status, assignee, due date or priority of many tasks in one transaction: each group ' +
    'of task_ids gets its changes, each task a log line of its own. At most 10,000 tasks, each named once. ' +
    'One refusal (a task missing or of another organization, a role that may not, an assignee who is ' +
    'not a member) refuses the whole change, and nothing is changed. Answers the changed tasks, in ' +
    'the order named.',
  body: bulkChangeTasksInput,
  response: { 200: z.object({ tasks: z.array(taskSummaryViewSchema) }) },
};
export const bulkDeleteTasksSchema = {
  tags,
  description:
    'Deletes many tasks in one transaction, each as DELETE /api/tasks/:taskId does with subtasks=keep. ' +
    'At most 10,000 tasks, each named once. One task missing, already deleted or of another ' +
    'organization refuses the whole delete, and nothing is deleted.',
  body: bulkDeleteTasksInput,
  response: { 204: noContent },
};
