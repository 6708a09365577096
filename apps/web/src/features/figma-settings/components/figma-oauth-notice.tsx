import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { useFigmaOAuthNotices } from '../api/list-figma-oauth-notices';

/** Shown to owners anywhere in the app while an organization's Figma connection is broken. */
export function FigmaOAuthNotice() {
  const notices = useFigmaOAuthNotices();
  const broken = notices.data?.broken ?? [];
  if (broken.length === 0) return null;
  const names = broken.map((organization) => organization.name).join(', ');
  return (
    <Alert
      color="red"
      role="alert"
      title={t('figma-settings.stoppedTitle')}
      data-testid="figma-oauth-notice"
      mb="lg"
    >
      {tRich('figma-settings.stoppedText', {
        names,
        link: (chunks) => (
          <Anchor component={Link} to={paths.settingsFigma} size="sm" underline="always">
            {chunks}
          </Anchor>
        ),
      })}
    </Alert>
  );
}
