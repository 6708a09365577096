import { Paper, Stack, Switch, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
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
          toastError(t('messages.saveFailed'));
        },
      },
    );
  }

  return (
    <>
      <SettingsSectionTitle title={t('settings.preferences')} description={t('settings.preferencesIntro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <Stack gap="xs">
          <Switch
            label={t('settings.darkMode')}
            size="md"
            checked={computed === 'dark'}
            onChange={(event) => toggle(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            {t('settings.darkModeHint')}
          </Text>
        </Stack>
      </Paper>
      <LanguageChoice />
    </>
  );
}
