import { Anchor, Group, Text } from '@mantine/core';
import { paths } from '../../../shared/paths';

export function LegalLinks() {
  return (
    <Group justify="center" gap={6}>
      <Anchor href={paths.privacyPolicy} target="_blank" rel="noopener" size="xs" c="dimmed">
        Privacy Policy
      </Anchor>
      <Text size="xs" c="dimmed" aria-hidden>
        ·
      </Text>
      <Anchor href={paths.termsOfService} target="_blank" rel="noopener" size="xs" c="dimmed">
        Terms of Service
      </Anchor>
    </Group>
  );
}
