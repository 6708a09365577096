import { MESSAGES } from '@figgle/shared/constants';
import {
  EMAIL_LEVEL_LABELS,
  EMAIL_LEVELS,
  type EmailLevel,
  isKnownTimeZone,
  type NotificationPreferences,
} from '@figgle/shared/notification-preference-schemas';
import { Divider, Group, Loader, Paper, Radio, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { toastError } from '../../../ui/toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { SettingsSectionTitle } from '../components/settings-section-title';

const LEVEL_DESCRIPTIONS: Record<EmailLevel, string> = {
  mentions: 'When someone mentions you or assigns a task to you.',
  watching:
    'Also comments and changes on the tasks you watch, gathered in one email every two minutes at most.',
  nothing: 'No notification emails. Figgle still shows them under For me.',
};

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
        title="Notifications"
        description="What Figgle sends you by email. The For me inbox shows everything either way."
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        {preferences.data ? (
          <NotificationsForm saved={preferences.data} />
        ) : (
          <Group justify="center">
            {preferences.isError ? (
              <Text size="sm">{MESSAGES.saveFailed}</Text>
            ) : (
              <Loader size="sm" aria-label="Loading" />
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
        toastError(MESSAGES.saveFailed);
      },
    });
  }

  return (
    <Stack gap="lg">
      <Radio.Group
        label="Email me about"
        value={shown.email_level}
        onChange={(value) => save({ email_level: value as EmailLevel })}
      >
        <Stack gap="sm" mt="xs">
          {EMAIL_LEVELS.map((level) => (
            <Radio
              key={level}
              value={level}
              label={EMAIL_LEVEL_LABELS[level]}
              description={LEVEL_DESCRIPTIONS[level]}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Divider />
      <Switch
        label="Daily digest"
        description="At 08:00 in your time zone: your unread notifications of the last day, when there are any."
        size="md"
        checked={shown.daily_digest}
        onChange={(event) => save({ daily_digest: event.currentTarget.checked })}
      />
      <Switch
        label="Design changes"
        description="Tell me in “For me” when a Figma design linked to a task I am assigned or watch has changed."
        size="md"
        checked={shown.design_changes}
        onChange={(event) => save({ design_changes: event.currentTarget.checked })}
      />
      <Select
        label="Time zone"
        description={
          shown.time_zone === null || shown.time_zone === detected
            ? `Detected by your browser: ${detected}.`
            : `Your browser says ${detected}.`
        }
        data={zones}
        value={timeZone}
        searchable
        allowDeselect={false}
        placeholder={MESSAGES.selectPlaceholder}
        nothingFoundMessage={MESSAGES.selectNoMatch}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          if (value) save({ time_zone: value });
        }}
      />
    </Stack>
  );
}
