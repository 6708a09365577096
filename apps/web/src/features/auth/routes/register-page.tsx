import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { setOnboardingFlag } from '../../../lib/onboarding-flag';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { NewPasswordField } from '../../../ui/password-field';
import { useSignUpWithEmail } from '../api/sign-up-email';
import { EmailField } from '../components/email-field';
import { LegalLinks } from '../components/legal-links';
import { ProviderButtons, useHasProviders } from '../components/provider-buttons';

export function RegisterPage() {
  const navigate = useNavigate();
  const signUp = useSignUpWithEmail();
  const hasProviders = useHasProviders();
  const [fields, setFields] = useState({ firstname: '', lastname: '', email: '', password: '' });
  const set = (name: keyof typeof fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const registration = {
      firstname: fields.firstname.trim(),
      lastname: fields.lastname.trim(),
      email: fields.email.trim(),
      password: fields.password,
    };
    signUp.mutate(registration, {
      onSuccess: () => {
        // Registration starts onboarding (docs/product.md#onboarding).
        setOnboardingFlag(true);
        navigate(`${paths.authResult}?creation=true&email=${encodeURIComponent(registration.email)}`);
      },
      onError: (error) => void showErrorDialog(error),
    });
  }

  return (
    <CenteredPanel
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      footer={<LegalLinks />}
    >
      <Stack gap="lg">
        <ProviderButtons verb="connect" disabled={signUp.isPending} />
        {hasProviders ? <Divider label={t('auth.orWithEmail')} labelPosition="center" /> : null}
        <form onSubmit={handleSubmit} aria-label={t('auth.register')}>
          <Stack gap="md">
            <Group grow align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t('auth.firstname')}
                name="firstname"
                autoComplete="given-name"
                required
                maxLength={100}
                miw={140}
                value={fields.firstname}
                onChange={set('firstname')}
              />
              <TextInput
                label={t('auth.lastname')}
                name="lastname"
                autoComplete="family-name"
                required
                maxLength={100}
                miw={140}
                value={fields.lastname}
                onChange={set('lastname')}
              />
            </Group>
            <EmailField value={fields.email} onChange={set('email')} />
            <NewPasswordField
              label={t('auth.password')}
              name="password"
              value={fields.password}
              onChange={set('password')}
            />
            <Button type="submit" fullWidth loading={signUp.isPending}>
              {t('auth.register')}
            </Button>
          </Stack>
        </form>
        <Text size="sm" c="dimmed" ta="center">
          {tRich('auth.alreadyHaveAccount', {
            link: (chunks) => (
              <Anchor component={Link} to={paths.login} fw={500}>
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
      </Stack>
    </CenteredPanel>
  );
}
