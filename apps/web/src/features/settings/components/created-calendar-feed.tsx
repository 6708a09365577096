import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { t, tRich } from '../../../lib/i18n/i18n';
import { ShownOncePanel } from './shown-once-panel';

/** The new feed's address, shown once: copied into a calendar now, or lost (only its hash is kept). */
export function CreatedCalendarFeedPanel({
  created,
  onDone,
}: {
  created: CreatedCalendarFeed;
  onDone: () => void;
}) {
  return (
    <ShownOncePanel
      title={
        created.project_name
          ? t('settings.newFeedTitleProject', { name: created.project_name })
          : t('settings.newFeedTitleMine')
      }
      intro={tRich('settings.newFeedCopyNow', { strong: (chunks) => <strong>{chunks}</strong> })}
      label={t('settings.feedAddress')}
      value={created.url}
      copyLabel={t('settings.copyAddress')}
      onDone={onDone}
    />
  );
}
