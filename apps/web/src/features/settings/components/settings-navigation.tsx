import { NavLink, Stack } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { useOrganizations } from '../../../shared/api/list-organizations';
import { paths } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { useSignOut } from '../api/sign-out';

interface SettingsLink {
  to: string;
  label: string;
}

export function SettingsNavigation() {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const organizations = useOrganizations();
  const me = useMe();
  const owns = (rules: Array<{ user_id: string; role: string }>) =>
    rules.some((rule) => rule.user_id === me.data?.user_id && rule.role === 'OWNER');

  const links: SettingsLink[] = [
    { to: paths.settingsProfile, label: t('settings.myProfile') },
    ...(organizations.data ?? []).flatMap((organization) => [
      {
        to: paths.settingsOrganization(organization.organization_id),
        label: t('settings.organizationNamed', { name: organization.name }),
      },
      {
        to: paths.settingsLabels(organization.organization_id),
        label: t('settings.labelsOf', { name: organization.name }),
      },
      {
        to: paths.settingsCustomFields(organization.organization_id),
        label: t('settings.customFieldsOf', { name: organization.name }),
      },
      {
        to: paths.settingsTrash(organization.organization_id),
        label: t('settings.trashOf', { name: organization.name }),
      },
      ...(owns(organization.rules)
        ? [
            {
              to: paths.settingsWebhooks(organization.organization_id),
              label: t('settings.webhooksOf', { name: organization.name }),
            },
          ]
        : []),
    ]),
    { to: paths.settingsNewOrganization, label: t('settings.createOrganization') },
    { to: paths.settingsPreferences, label: t('settings.preferences') },
    { to: paths.settingsNotifications, label: t('settings.notifications') },
    { to: paths.settingsPassword, label: t('settings.password') },
    { to: paths.settingsSecurity, label: t('settings.security') },
    { to: paths.settingsApiTokens, label: t('settings.apiTokens') },
    { to: paths.settingsCalendarFeed, label: t('settings.calendarFeed') },
    { to: paths.settingsFigma, label: 'Figma' },
  ];

  return (
    <Stack component="nav" aria-label={t('settings.title')} gap={2}>
      {links.map((link) => {
        const active = matchPath(link.to, pathname) !== null;
        return (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            title={link.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
          />
        );
      })}
      <NavLink
        component="button"
        type="button"
        label={t('settings.logOut')}
        leftSection={<Icon name="logout" size={16} />}
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        c="var(--figgle-danger-text)"
        mt="sm"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </Stack>
  );
}
