import { ActionIcon, AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FigmaOAuthNotice } from '../../features/figma-settings/components/figma-oauth-notice';
import { openPalette } from '../../features/search/components/palette-store';
import { ColorSchemeSync } from '../../features/settings/components/color-scheme-sync';
import { LanguageSync } from '../../features/settings/components/language-sync';
import { t } from '../../lib/i18n/i18n';
import { useInboxHasNewActivity } from '../../lib/realtime/inbox-status';
import { RealtimeConnection } from '../../lib/realtime/realtime-connection';
import { useUnreadCount } from '../../lib/realtime/unread-count';
import { paths } from '../../shared/paths';
import { Logo } from '../../ui/logo';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import classes from './shell.module.css';
import { ShellPalette } from './shell-palette';
import { Sidebar } from './sidebar';

export interface AppShellLayoutProps {
  children: ReactNode;
}

export function AppShellLayout({ children }: AppShellLayoutProps) {
  const [navigationOpened, navigation] = useDisclosure(false);
  // New activity, or something told to the person and not read yet.
  const hasNewActivity = useInboxHasNewActivity();
  const unread = useUnreadCount();
  const inboxNews = hasNewActivity || unread > 0;

  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } }}
      withBorder={false}
    >
      <AppShell.Header hiddenFrom="sm" className={classes.header}>
        <Group h="100%" px="md" gap="sm">
          <Box pos="relative" display="inline-flex">
            <Burger
              opened={navigationOpened}
              onClick={navigation.toggle}
              size="sm"
              aria-label={(() => {
                const label = navigationOpened ? t('app.closeNavigation') : t('app.openNavigation');
                return inboxNews ? t('app.withNewActivity', { label }) : label;
              })()}
              aria-expanded={navigationOpened}
              aria-controls="main-navigation"
            />
            {/* The sidebar's Inbox dot is hidden in the closed drawer: the menu button carries it. */}
            {inboxNews && !navigationOpened ? (
              <span className={`${classes.newActivityDot} ${classes.burgerDot}`} aria-hidden />
            ) : null}
          </Box>
          <Box component={Link} to={paths.projects} aria-label={t('app.figgleHome')} display="inline-block">
            <Logo height={24} />
          </Box>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            ml="auto"
            aria-label={t('app.search')}
            onClick={() => openPalette()}
          >
            <IconSearch size={20} stroke={1.8} aria-hidden />
          </ActionIcon>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="main-navigation" aria-label={t('app.mainNavigation')} className={classes.navbar}>
        <Sidebar onNavigate={navigation.close} />
      </AppShell.Navbar>

      <ColorSchemeSync />
      <LanguageSync />
      <RealtimeConnection />
      <KeyboardShortcuts />
      <ShellPalette />
      <AppShell.Main className={classes.main}>
        <Box maw={1180} mx="auto" px={{ base: 'md', sm: 40 }} py={{ base: 'lg', sm: 36 }}>
          <FigmaOAuthNotice />
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
