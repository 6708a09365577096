import { Paper, Select, Stack, Text } from '@mantine/core';
import { currentLocale, t } from '../../../lib/i18n/i18n';
import { isLocale, languageOptions, rememberLocale } from '../../../lib/i18n/load-locale';
import { useUpdateMe } from '../../../shared/api/update-me';
import { toastError } from '../../../ui/toast';

/**
 * Settings › Preferences: the language, saved with the account (so it follows the person to other
 * devices and to their emails) and applied here at once by a reload, as the catalogue is loaded
 * before the first render. The pseudo-locale of development builds stays on this device.
 */
export function LanguageChoice() {
  const updateMe = useUpdateMe();

  function choose(next: string | null) {
    if (!next || next === currentLocale()) return;
    if (next === 'pseudo') {
      if (rememberLocale('pseudo')) window.location.reload();
      return;
    }
    if (!isLocale(next)) return;
    updateMe.mutate(
      { locale: next },
      {
        onSuccess: () => {
          rememberLocale(next);
          window.location.reload();
        },
        onError: () => toastError(t('messages.saveFailed')),
      },
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mt="md">
      <Stack gap="xs">
        <Select
          label={t('common.language')}
          data={languageOptions()}
          value={currentLocale()}
          onChange={choose}
          allowDeselect={false}
          disabled={updateMe.isPending}
          maw={280}
        />
        <Text size="sm" c="dimmed">
          {t('common.languageHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
