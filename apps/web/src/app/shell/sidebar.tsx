import { Badge, Box, Divider, Group, Stack, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../lib/i18n/i18n';
import { useInboxHasNewActivity } from '../../lib/realtime/inbox-status';
import { useUnreadCount } from '../../lib/realtime/unread-count';
import { paths } from '../../shared/paths';
import { Logo } from '../../ui/logo';
import classes from './shell.module.css';
import { SidebarFavorites } from './sidebar-favorites';
import { SidebarLink } from './sidebar-link';
import { SidebarSearchButton } from './sidebar-search-button';
import { SidebarSection } from './sidebar-section';
import { SidebarTeamOnline } from './sidebar-team-online';

export interface SidebarProps {
  /** Called after a link is followed, so the narrow-screen drawer can close. */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const inboxHasNewActivity = useInboxHasNewActivity();
  const unread = useUnreadCount();
  return (
    <Stack h="100%" gap={0}>
      <Box px="md" pt="md" pb="sm" visibleFrom="sm">
        <Box component={Link} to={paths.projects} aria-label={t('app.figgleHome')} display="inline-block">
          <Logo height={26} />
        </Box>
      </Box>

      {/* The browser's own scrolling: Mantine's ScrollArea read the scroll position in an effect on
          every render of the shell, a forced layout of the whole page each time while it loads. */}
      <div className={classes.navScroll}>
        <Stack gap="lg">
          <SidebarSearchButton onNavigate={onNavigate} />
          <SidebarSection label={t('app.general')}>
            <SidebarLink
              to={paths.inbox}
              icon="inbox"
              label={
                <>
                  {t('app.inbox')}
                  {unread > 0 ? (
                    <VisuallyHidden>{t('app.unreadSuffix', { count: unread })}</VisuallyHidden>
                  ) : null}
                  {inboxHasNewActivity ? <VisuallyHidden>{t('app.newActivitySuffix')}</VisuallyHidden> : null}
                </>
              }
              rightSection={
                unread > 0 || inboxHasNewActivity ? (
                  <Group gap={6} wrap="nowrap" aria-hidden>
                    {unread > 0 ? (
                      <Badge size="sm" variant="filled" circle={unread < 10}>
                        {unread > 99 ? '99+' : unread}
                      </Badge>
                    ) : null}
                    {inboxHasNewActivity ? <span className={classes.newActivityDot} /> : null}
                  </Group>
                ) : null
              }
              onNavigate={onNavigate}
            />
            <SidebarLink
              to={paths.myTasks}
              icon="my-tasks"
              label={t('app.myTasks')}
              onNavigate={onNavigate}
            />
            <SidebarLink
              to={paths.projects}
              icon="folder"
              label={t('app.projects')}
              alsoActiveOn={[paths.projectsCards]}
              onNavigate={onNavigate}
            />
            <SidebarLink
              to={paths.dashboard}
              icon="dashboard"
              label={t('app.dashboard')}
              onNavigate={onNavigate}
            />
            <SidebarLink
              to={paths.figmaRadar}
              icon="radar"
              label={t('app.figmaRadar')}
              onNavigate={onNavigate}
            />
          </SidebarSection>

          <SidebarFavorites onNavigate={onNavigate} />

          <SidebarTeamOnline />
        </Stack>
      </div>

      <Divider color="var(--figgle-border)" />
      <Box p="sm">
        <SidebarLink to={paths.settings} icon="settings" label={t('app.settings')} onNavigate={onNavigate} />
      </Box>
    </Stack>
  );
}
