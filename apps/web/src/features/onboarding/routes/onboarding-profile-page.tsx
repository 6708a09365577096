import { Text } from '@mantine/core';
import { CenteredPanel } from '../../../ui/centered-panel';

export function OnboardingProfilePage() {
  return (
    <CenteredPanel title="Hi! Who are you?" subtitle="Tell your teammates your name.">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Step 1 of 3
      </Text>
    </CenteredPanel>
  );
}
