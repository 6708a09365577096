import { Text, type TextProps } from '@mantine/core';
import { intlLocale } from '../lib/i18n/i18n';
import { relativeTime } from '../lib/relative-time';

/**
 * When something happened, said from now ('5 minutes ago') in small dimmed text, as a `<time>` with
 * the moment for machines and the full date and time in the reader's language on hover.
 */
export function TimeAgo({ at, now, ...text }: { at: string; now?: Date } & TextProps) {
  const date = new Date(at);
  return (
    <Text
      component="time"
      dateTime={at}
      title={date.toLocaleString(intlLocale())}
      size="xs"
      c="dimmed"
      {...text}
    >
      {relativeTime(date, now)}
    </Text>
  );
}
