import {
  EMAIL_LEVELS,
  type EmailLevel,
  isKnownTimeZone,
  type NotificationPreferences,
} from '@figgle/shared/notification-preference-schemas';
import { Divider, Group, Loader, Paper, Radio, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { SettingsSectionTitle } from '../components/settings-section-title';

const levelLabels = (): Record<EmailLevel, string> => ({
  mentions: t('settings.levelMentions'),
  watching: t('settings.levelWatching'),
  nothing: t('settings.levelNothing'),
});

const levelDescriptions = (): Record<EmailLevel, string> => ({
  mentions: t('settings.levelMentionsHint'),
  watching: t('settings.levelWatchingHint'),
  nothing: t('settings.levelNothingHint'),
});

/** The browser's own zone: what a person who never chose one is in. */
function detectedTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // The runtime's list may name a zone by another of its names (UTC, Asia/Kolkata vs Asia/Calcutta).
  return [...new Set([current, 'UTC', ...zones])].sort();
}

export function SettingsNotificationsPage() {
  const preferences = useNotificationPreferences();
  return (
    <>
      <SettingsSectionTitle
        title={t('settings.notifications')}
        description={t('settings.notificationsIntro')}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        {preferences.data ? (
          <NotificationsForm saved={preferences.data} />
        ) : (
          <Group justify="center">
            {preferences.isError ? (
              <Text size="sm">{t('messages.saveFailed')}</Text>
            ) : (
              <Loader size="sm" aria-label={t('settings.loading')} />
            )}
          </Group>
        )}
      </Paper>
    </>
  );
}

function NotificationsForm({ saved }: { saved: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const detected = useMemo(detectedTimeZone, []);
  // The controls show the choice at once (in the click's own render), and follow the server after.
  const [shown, setShown] = useState(saved);
  useEffect(() => setShown(saved), [saved]);
  const timeZone = shown.time_zone ?? detected;
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);

  // Each control saves at once; the time zone goes with it (the detected one until another is chosen).
  function save(change: Partial<NotificationPreferences>) {
    const next = { ...shown, ...change, time_zone: change.time_zone ?? timeZone };
    const previous = shown;
    setShown(next);
    update.mutate(next, {
      onError: () => {
        setShown(previous);
        toastError(t('messages.saveFailed'));
      },
    });
  }

  const labels = levelLabels();
  const descriptions = levelDescriptions();
  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('settings.emailMeAbout')}
        value={shown.email_level}
        onChange={(value) => save({ email_level: value as EmailLevel })}
      >
        <Stack gap="sm" mt="xs">
          {EMAIL_LEVELS.map((level) => (
            <Radio key={level} value={level} label={labels[level]} description={descriptions[level]} />
          ))}
        </Stack>
      </Radio.Group>
      <Divider />
      <Switch
        label={t('settings.dailyDigest')}
        description={t('settings.dailyDigestHint')}
        size="md"
        checked={shown.daily_digest}
        onChange={(event) => save({ daily_digest: event.currentTarget.checked })}
      />
      <Switch
        label={t('settings.designChanges')}
        description={t('settings.designChangesHint')}
        size="md"
        checked={shown.design_changes}
        onChange={(event) => save({ design_changes: event.currentTarget.checked })}
      />
      <Select
        label={t('settings.timeZone')}
        description={
          shown.time_zone === null || shown.time_zone === detected
            ? t('settings.timeZoneDetected', { zone: detected })
            : t('settings.timeZoneBrowser', { zone: detected })
        }
        data={zones}
        value={timeZone}
        searchable
        allowDeselect={false}
        placeholder={t('messages.selectPlaceholder')}
        nothingFoundMessage={t('messages.selectNoMatch')}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          if (value) save({ time_zone: value });
        }}
      />
    </Stack>
  );
}
