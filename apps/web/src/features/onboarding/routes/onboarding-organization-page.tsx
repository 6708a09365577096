import { DEFAULT_ORGANIZATION_NAME, MESSAGES } from '@figgle/shared/constants';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMe } from '../../../shared/api/get-me';
import { paths } from '../../../shared/paths';
import { toastError } from '../../../ui/toast';
import { useCreatePersonalOrganization } from '../api/create-personal-organization';
import { OnboardingFrame } from '../components/onboarding-frame';

export function OnboardingOrganizationPage() {
  const navigate = useNavigate();
  const create = useCreatePersonalOrganization();
  const me = useMe();
  const [name, setName] = useState<string>(DEFAULT_ORGANIZATION_NAME);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Back here after the organization was made (browser history): nothing more to create.
    if (me.data && !me.data.needs_onboarding) {
      navigate(paths.onboardingStep3);
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: () => navigate(paths.onboardingStep3),
      onError: () => toastError(MESSAGES.tryAgain),
    });
  }

  return (
    <OnboardingFrame
      step={2}
      title="Your personal organization"
      subtitle="Projects live in organizations. Start with your own: you can rename it and invite your team later."
    >
      <form onSubmit={handleSubmit} aria-label="Your personal organization">
        <Stack gap="md">
          <TextInput
            label="Name of your organization"
            required
            maxLength={100}
            autoFocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            You will be its owner.
          </Text>
          <Group justify="space-between">
            <Button component={Link} to={paths.onboardingStep1} variant="subtle" color="gray">
              Back
            </Button>
            <Button type="submit" loading={create.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </OnboardingFrame>
  );
}
