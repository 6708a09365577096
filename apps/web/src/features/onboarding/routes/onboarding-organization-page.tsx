import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { paths } from '../../../shared/paths';
import { toastError } from '../../../ui/toast';
import { useCreatePersonalOrganization } from '../api/create-personal-organization';
import { OnboardingFrame } from '../components/onboarding-frame';

export function OnboardingOrganizationPage() {
  const navigate = useNavigate();
  const create = useCreatePersonalOrganization();
  const me = useMe();
  const [name, setName] = useState<string>(() => t('onboarding.defaultOrganizationName'));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Back here after the organization was made (browser history): nothing more to create.
    if (me.data && !me.data.needs_onboarding) {
      navigate(paths.onboardingStep3);
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: () => navigate(paths.onboardingStep3),
      onError: () => toastError(t('messages.tryAgain')),
    });
  }

  return (
    <OnboardingFrame
      step={2}
      title={t('onboarding.organizationTitle')}
      subtitle={t('onboarding.organizationSubtitle')}
    >
      <form onSubmit={handleSubmit} aria-label={t('onboarding.organizationTitle')}>
        <Stack gap="md">
          <TextInput
            label={t('onboarding.organizationName')}
            required
            maxLength={100}
            autoFocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            {t('onboarding.youWillBeOwner')}
          </Text>
          <Group justify="space-between">
            <Button component={Link} to={paths.onboardingStep1} variant="subtle" color="gray">
              {t('onboarding.back')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('onboarding.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </OnboardingFrame>
  );
}
