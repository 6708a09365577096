import type { NotificationPreferences } from '@figgle/shared/notification-preference-schemas';
import type { Recipient } from './queries.ts';

export function presentPreferences(recipient: Recipient): NotificationPreferences {
  return {
    email_level: recipient.email_level,
    daily_digest: recipient.daily_digest,
    time_zone: recipient.time_zone,
    design_changes: recipient.design_changes,
  };
}
