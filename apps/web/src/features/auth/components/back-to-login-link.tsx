import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';

export function BackToLoginLink() {
  return (
    <Group justify="center">
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </Group>
  );
}
