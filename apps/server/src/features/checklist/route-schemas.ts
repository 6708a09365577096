import {
  addChecklistItemInput,
  checklistItemIdParams,
  checklistItemViewSchema,
  checklistViewSchema,
  updateChecklistItemInput,
} from '@figgle/shared/checklist-schemas';
import { taskIdParams, taskSummaryViewSchema } from '@figgle/shared/task-schemas';
import { noContent } from '../../http/response-schemas.ts';

// What each checklist route takes and answers, for validation and the OpenAPI description.
const tags = ['checklist'];

export const listChecklistSchema = { tags, params: taskIdParams, response: { 200: checklistViewSchema } };
export const addChecklistItemSchema = {
  tags,
  params: taskIdParams,
  body: addChecklistItemInput,
  response: { 201: checklistItemViewSchema },
};
export const updateChecklistItemSchema = {
  tags,
  params: checklistItemIdParams,
  body: updateChecklistItemInput,
  response: { 200: checklistItemViewSchema },
};
export const deleteChecklistItemSchema = {
  tags,
  params: checklistItemIdParams,
  response: { 204: noContent },
};
export const convertChecklistItemSchema = {
  tags,
  params: checklistItemIdParams,
  response: { 201: taskSummaryViewSchema },
};
