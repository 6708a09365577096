import { NavLink, Stack } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { Icon } from '../../../ui/icon/icon';
import { useSignOut } from '../api/sign-out';

const SETTINGS_LINKS = [
  { to: paths.settingsProfile, label: 'My Profile' },
  { to: paths.settingsNewOrganization, label: 'Create an organization' },
  { to: paths.settingsPreferences, label: 'Preferences' },
  { to: paths.settingsPassword, label: 'Password' },
] as const;

const navItemStyles = {
  root: { borderRadius: 'var(--mantine-radius-sm)', paddingBlock: 7 },
  label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 },
};

export function SettingsNavigation() {
  const { pathname } = useLocation();
  const signOut = useSignOut();

  return (
    <Stack component="nav" aria-label="Settings" gap={2}>
      {SETTINGS_LINKS.map((link) => {
        const active = matchPath(link.to, pathname) !== null;
        return (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            styles={navItemStyles}
          />
        );
      })}
      <NavLink
        component="button"
        type="button"
        label="Log out"
        leftSection={<Icon name="logout" size={16} />}
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        c="red"
        mt="sm"
        styles={navItemStyles}
      />
    </Stack>
  );
}
