import type { ProjectView } from '@figgle/shared/project-schemas';
import { routeSubject } from '@figgle/shared/realtime-protocol';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { t } from '../../lib/i18n/i18n';
import { lazyReady } from '../../lib/lazy-ready';
import { type OnlinePerson, useTeamOnline } from '../../lib/realtime/use-presence';
import { SidebarSection } from './sidebar-section';
import type { TeamOnlineAvatarsProps } from './team-online-avatars';

const TeamOnlineAvatars = lazyReady<TeamOnlineAvatarsProps>(
  async () => (await import('./team-online-avatars')).TeamOnlineAvatars,
);

/** "viewing Website" when the project is known here, else what kind of page it is. */
function useViewingLabel(): (route: string) => string {
  const queryClient = useQueryClient();
  return (route) => {
    const subject = routeSubject(route);
    if (subject?.type === 'project') {
      const project = queryClient
        .getQueryData<ProjectView[]>(['projects'])
        ?.find((candidate) => candidate.project_id === subject.projectId);
      return project ? t('app.viewingNamedProject', { name: project.name }) : t('app.viewingProject');
    }
    return t('app.viewingTask');
  };
}

function fullName(person: OnlinePerson): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ') || t('app.aMember');
}

/** Members currently viewing a project or a task, fed by realtime presence; each links to that page. */
export function SidebarTeamOnline() {
  const people = useTeamOnline();
  const viewing = useViewingLabel();
  return (
    <SidebarSection label={t('app.teamOnline')}>
      {people.length === 0 ? (
        <Text size="xs" c="dimmed" px={8} py={4} lh={1.5}>
          {t('app.nobodyOnline')}
        </Text>
      ) : (
        // Nothing while the avatars' code arrives (a few ms, once): presence comes after the page anyway.
        <Suspense fallback={null}>
          <TeamOnlineAvatars
            people={people}
            labelOf={(person) =>
              t('app.personDoing', { name: fullName(person), activity: viewing(person.routes[0]!) })
            }
          />
        </Suspense>
      )}
    </SidebarSection>
  );
}
