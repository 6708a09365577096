import { Paper, Stack, Switch, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useColorSchemeChoice } from '../../../shared/color-scheme-choice';
import { LanguageChoice } from '../components/language-choice';
import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsPreferencesPage() {
  const { scheme, choose } = useColorSchemeChoice();

  return (
    <>
      <SettingsSectionTitle title={t('settings.preferences')} description={t('settings.preferencesIntro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <Stack gap="xs">
          <Switch
            label={t('settings.darkMode')}
            size="md"
            checked={scheme === 'dark'}
            onChange={(event) => choose(event.currentTarget.checked ? 'dark' : 'light')}
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
