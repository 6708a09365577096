import { Text } from '@mantine/core';
import { CenteredPanel } from '../../../ui/centered-panel';

export function OnboardingWelcomePage() {
  return (
    <CenteredPanel title="Welcome" subtitle="Your workspace is ready.">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Step 3 of 3
      </Text>
    </CenteredPanel>
  );
}
