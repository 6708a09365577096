import { z } from 'zod';

/** How much email a person wants, in the words of Settings → Notifications. */
export const EMAIL_LEVELS = ['mentions', 'watching', 'nothing'] as const;
export type EmailLevel = (typeof EMAIL_LEVELS)[number];

/** Whether this runtime knows the IANA time zone (the same list the browser and the server use). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z
  .string({ error: 'The time zone is a name such as Europe/Paris.' })
  .trim()
  .min(1, 'The time zone is a name such as Europe/Paris.')
  .max(64, 'The time zone is a name such as Europe/Paris.')
  .refine(isKnownTimeZone, { message: 'This time zone is not known: choose one from the list.' });

/** GET and PUT /api/me/notification-preferences. */
export const notificationPreferencesSchema = z.object({
  email_level: z.enum(EMAIL_LEVELS),
  daily_digest: z.boolean(),
  /** Null until the browser has sent the one it detects. */
  time_zone: z.string().nullable(),
  /** "Design changed" notifications (a linked Figma design changed): on unless turned off. */
  design_changes: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/me/notification-preferences: the whole choice, as the settings page shows it. */
export const updateNotificationPreferencesInput = z
  .object({
    email_level: z.enum(EMAIL_LEVELS, {
      error: 'Email is "mentions", "watching" or "nothing".',
    }),
    daily_digest: z.boolean({ error: 'The daily digest is on (true) or off (false).' }),
    time_zone: timeZoneSchema,
    /** Left as it was when absent. */
    design_changes: z.boolean({ error: 'Design changes are on (true) or off (false).' }).optional(),
  })
  .strict();
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesInput>;
