import { PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { setOnboardingFlag } from '../../../lib/onboarding-flag';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { useSignUpWithEmail } from '../api/sign-up-email';
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
      title="Create your account"
      subtitle="Register to start tracking projects with your team."
      footer={<LegalLinks />}
    >
      <Stack gap="lg">
        <ProviderButtons verb="Connect with" disabled={signUp.isPending} />
        {hasProviders ? <Divider label="or with your email" labelPosition="center" /> : null}
        <form onSubmit={handleSubmit} aria-label="Register">
          <Stack gap="md">
            <Group grow align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Firstname"
                name="firstname"
                autoComplete="given-name"
                required
                maxLength={100}
                miw={140}
                value={fields.firstname}
                onChange={set('firstname')}
              />
              <TextInput
                label="Lastname"
                name="lastname"
                autoComplete="family-name"
                required
                maxLength={100}
                miw={140}
                value={fields.lastname}
                onChange={set('lastname')}
              />
            </Group>
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              value={fields.email}
              onChange={set('email')}
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="new-password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={128}
              value={fields.password}
              onChange={set('password')}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
            />
            <Button type="submit" fullWidth loading={signUp.isPending}>
              Register
            </Button>
          </Stack>
        </form>
        <Text size="sm" c="dimmed" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={500}>
            Log in
          </Anchor>
        </Text>
      </Stack>
    </CenteredPanel>
  );
}
