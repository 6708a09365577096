import type { Role } from '../db/schema.ts';
import { rolesAllowedTo } from './can.ts';

/**
 * Who a calendar feed still serves (docs/product.md#calendar-feeds): its owner's roles that may read
 * tasks, read again at every fetch, so a feed of someone who left the organization shows nothing of
 * it (a project feed answers 404, a personal feed leaves that organization's tasks out).
 */
export const rolesThatReadFeeds: Role[] = rolesAllowedTo('task.read');
