import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { useUpdateMe } from '../../../shared/api/update-me';
import { paths } from '../../../shared/paths';
import { PageLoader } from '../../../ui/page-loader';
import { toastError } from '../../../ui/toast';
import { OnboardingFrame } from '../components/onboarding-frame';

export function OnboardingProfilePage() {
  const me = useMe();
  const navigate = useNavigate();
  const update = useUpdateMe();
  const [names, setNames] = useState<{ firstname: string; lastname: string } | null>(null);

  // The names given at registration (or by Google or the OIDC provider) are offered to confirm.
  useEffect(() => {
    if (me.data && names === null) setNames({ firstname: me.data.firstname, lastname: me.data.lastname });
  }, [me.data, names]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!names) return;
    update.mutate(
      { firstname: names.firstname.trim(), lastname: names.lastname.trim() },
      {
        onSuccess: () => navigate(paths.onboardingStep2),
        onError: () => toastError(t('messages.tryAgain')),
      },
    );
  }

  return (
    <OnboardingFrame step={1} title={t('onboarding.profileTitle')} subtitle={t('onboarding.profileSubtitle')}>
      {names === null ? (
        <PageLoader />
      ) : (
        <form onSubmit={handleSubmit} aria-label={t('onboarding.profileFormLabel')}>
          <Stack gap="md">
            <TextInput
              label={t('onboarding.firstname')}
              autoComplete="given-name"
              required
              maxLength={100}
              autoFocus
              value={names.firstname}
              onChange={(event) => setNames({ ...names, firstname: event.currentTarget.value })}
            />
            <TextInput
              label={t('onboarding.lastname')}
              autoComplete="family-name"
              required
              maxLength={100}
              value={names.lastname}
              onChange={(event) => setNames({ ...names, lastname: event.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('onboarding.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </OnboardingFrame>
  );
}
