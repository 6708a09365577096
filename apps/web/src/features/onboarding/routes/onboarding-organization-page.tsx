import { Text } from '@mantine/core';
import { CenteredPanel } from '../../../ui/centered-panel';

export function OnboardingOrganizationPage() {
  return (
    <CenteredPanel title="Your organization" subtitle="Name the organization your projects will live in.">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Step 2 of 3
      </Text>
    </CenteredPanel>
  );
}
