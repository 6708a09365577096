import { Anchor, Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { OnboardingFrame } from '../components/onboarding-frame';

export function OnboardingWelcomePage() {
  return (
    <OnboardingFrame step={3} title="Welcome to Figgle!" subtitle="Your workspace is ready.">
      <Stack gap="lg">
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon color="teal" variant="light" size={20} radius="xl">
              <IconCheck size={12} stroke={2.5} aria-hidden />
            </ThemeIcon>
          }
        >
          <List.Item>Create a project and add its first tasks, as a list or on a board.</List.Item>
          <List.Item>Invite your team from the settings of your organization.</List.Item>
          <List.Item>Link a Figma file: comments tagged #task arrive as tasks.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          New to the Figma link?{' '}
          <Anchor component={Link} to={paths.settingsFigma} size="sm">
            Read how to connect Figma
          </Anchor>
        </Text>
        <Button component={Link} to={paths.projectsCards} size="md" fullWidth>
          Go to Figgle
        </Button>
      </Stack>
    </OnboardingFrame>
  );
}
