import type { ProjectView } from '@figgle/shared/project-schemas';
import { routeSubject } from '@figgle/shared/realtime-protocol';
import { Group, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type OnlinePerson, useTeamOnline } from '../../lib/realtime/use-presence';
import { UserAvatar } from '../../ui/user-avatar';
import { SidebarSection } from './sidebar-section';

/** "viewing Website" when the project is known here, else what kind of page it is. */
function useViewingLabel(): (route: string) => string {
  const queryClient = useQueryClient();
  return (route) => {
    const subject = routeSubject(route);
    if (subject?.type === 'project') {
      const project = queryClient
        .getQueryData<ProjectView[]>(['projects'])
        ?.find((candidate) => candidate.project_id === subject.projectId);
      return project ? `viewing the project ${project.name}` : 'viewing a project';
    }
    return 'viewing a task';
  };
}

function fullName(person: OnlinePerson): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ') || 'A member';
}

/** Members currently viewing a project or a task, fed by realtime presence; each links to that page. */
export function SidebarTeamOnline() {
  const people = useTeamOnline();
  const viewing = useViewingLabel();
  return (
    <SidebarSection label="Team Online">
      {people.length === 0 ? (
        <Text size="xs" c="dimmed" px={8} py={4} lh={1.5}>
          Nobody else is viewing a project right now.
        </Text>
      ) : (
        <Group gap={6} px={8} py={2} component="ul" m={0} style={{ listStyle: 'none' }}>
          {people.map((person) => {
            const route = person.routes[0]!;
            const label = `${fullName(person)}, ${viewing(route)}`;
            return (
              <li key={person.userId}>
                <Tooltip label={label} withArrow>
                  <Link
                    to={route}
                    aria-label={label}
                    style={{ display: 'block', borderRadius: '50%', textDecoration: 'none' }}
                  >
                    <UserAvatar
                      id={person.userId}
                      firstname={person.firstname}
                      lastname={person.lastname}
                      size={30}
                    />
                  </Link>
                </Tooltip>
              </li>
            );
          })}
        </Group>
      )}
    </SidebarSection>
  );
}
