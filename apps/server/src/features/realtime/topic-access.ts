import { type ParsedTopic, routeSubject } from '@figgle/shared/realtime-protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { organizationOfProject, organizationOfTask, roleIn } from '../../policies/authorize.ts';
import { can } from '../../policies/can.ts';
import { PolicyError } from '../../policies/policy-errors.ts';
import type { RealtimeUser } from '../../realtime/connection.ts';
import type { TopicAccess } from '../../realtime/hub.ts';

/** 404s of the policies (no such project, no such task) mean "forbidden" here too: nothing leaks. */
async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof PolicyError && error.kind === 'not_found') return null;
    throw error;
  }
}

/** Who may listen to which topic, decided with the same policies as the REST routes. */
export function createTopicAccess(db: Kysely<Database>): TopicAccess {
  const mayRead = async (user: RealtimeUser, organizationId: string, action: 'project.read' | 'task.read') =>
    can(await roleIn(db, user.userId, organizationId), action);

  return {
    async authorize(user, topic: ParsedTopic) {
      switch (topic.type) {
        case 'projects':
          return (await mayRead(user, topic.organizationId, 'project.read'))
            ? { organizationId: topic.organizationId }
            : 'forbidden';
        case 'tasks': {
          const organizationId = await orNull(organizationOfProject(db, topic.projectId));
          return organizationId && (await mayRead(user, organizationId, 'task.read'))
            ? { organizationId }
            : 'forbidden';
        }
        case 'task': {
          const task = await orNull(organizationOfTask(db, topic.taskId));
          return task && (await mayRead(user, task.organizationId, 'task.read'))
            ? { organizationId: task.organizationId }
            : 'forbidden';
        }
        // User-wide topics: every event is checked against the socket's organizations when it is sent.
        case 'my-tasks':
        case 'inbox':
        case 'figma-events':
        case 'presence':
        case 'notifications':
          return { organizationId: null };
      }
    },

    async routeOrganization(user, route) {
      const subject = routeSubject(route);
      if (!subject) return null;
      const organizationId =
        subject.type === 'project'
          ? await orNull(organizationOfProject(db, subject.projectId))
          : ((await orNull(organizationOfTask(db, subject.taskId)))?.organizationId ?? null);
      if (!organizationId) return null;
      return (await mayRead(user, organizationId, 'project.read')) ? organizationId : null;
    },

    async organizationsOf(userId) {
      const rules = await db
        .selectFrom('rule')
        .select('organization_id')
        .where('user_id', '=', userId)
        .execute();
      return rules.map((rule) => rule.organization_id);
    },
  };
}
