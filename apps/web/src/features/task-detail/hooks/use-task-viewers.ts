import { routeSubject } from '@figgle/shared/realtime-protocol';
import { useMemo } from 'react';
import { type OnlinePerson, useTeamOnline } from '../../../lib/realtime/use-presence';

/**
 * Everyone else with this task open, once each, by name. A tab announces its pathname as is, so
 * routes are compared by the task they show (ids lower-cased), not as strings: `/task/ABC…` and
 * `/task/abc…` are the same page.
 */
export function useTaskViewers(taskId: string): OnlinePerson[] {
  const people = useTeamOnline();
  return useMemo(() => {
    const id = taskId.toLowerCase();
    return people.filter((person) =>
      person.routes.some((route) => {
        const subject = routeSubject(route);
        return subject?.type === 'task' && subject.taskId === id;
      }),
    );
  }, [people, taskId]);
}
