import { MESSAGES } from '@figgle/shared/constants';
import { Paper, Stack, Switch, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useUpdateMe } from '../../../shared/api/update-me';
import { toastError } from '../../../ui/toast';
import { LanguageChoice } from '../components/language-choice';
import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsPreferencesPage() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const updateMe = useUpdateMe();

  function toggle(dark: boolean) {
    const previous = computed;
    const next = dark ? 'dark' : 'light';
    // Applied at once; saved for the user so it follows them to other devices.
    setColorScheme(next);
    updateMe.mutate(
      { color_scheme: next },
      {
        onError: () => {
          setColorScheme(previous);
          toastError(MESSAGES.saveFailed);
        },
      },
    );
  }

  return (
    <>
      <SettingsSectionTitle title="Preferences" description="How Figgle looks for you." />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <Stack gap="xs">
          <Switch
            label="Dark Mode"
            size="md"
            checked={computed === 'dark'}
            onChange={(event) => toggle(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            Saved with your account and applied on every device you sign in on.
          </Text>
        </Stack>
      </Paper>
      <LanguageChoice />
    </>
  );
}
