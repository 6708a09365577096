import { Anchor, Group, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';

export function LegalLinks() {
  return (
    <Group justify="center" gap={6}>
      <Anchor href={paths.privacyPolicy} target="_blank" rel="noopener" size="xs" c="dimmed">
        {t('auth.privacyPolicy')}
      </Anchor>
      <Text size="xs" c="dimmed" aria-hidden>
        ·
      </Text>
      <Anchor href={paths.termsOfService} target="_blank" rel="noopener" size="xs" c="dimmed">
        {t('auth.termsOfService')}
      </Anchor>
    </Group>
  );
}
