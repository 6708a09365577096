import type { Role } from '../db/schema.ts';
import { rolesAllowedTo } from './can.ts';

/**
 * Whose tasks the Figma plugin lists (docs/product.md#the-figma-plugin): the caller's roles that may
 * read tasks, read again at every question, so someone who left an organization sees none of its
 * tasks on the next selection, and another organization's tasks linked to the same node never show.
 */
export const rolesThatSeeLinkedTasks: Role[] = rolesAllowedTo('task.read');
