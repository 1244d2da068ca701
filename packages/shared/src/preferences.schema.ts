import { z } from 'zod';
import { INTERFACE_LANGUAGES } from './content.schema';
import { THEME_PREFERENCES } from './users.schema';

/** The daily goal, in XP a local day (the dashboard's daily-goal card and the progress targets scale from it). */
export const DAILY_GOAL_XP = { min: 10, max: 500, default: 50 } as const;
/** A vacation pauses the streak for at most this many local days, today included. */
export const MAX_VACATION_DAYS = 14;
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A local wall-clock time, 24-hour `HH:MM`. */
export const LocalTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 07:30 or 19:00.')
  .describe('A local time, HH:MM (24-hour), in the learner’s time zone');

export const LocalDateSchema = z.iso.date({ error: 'Use a date such as 2026-07-31.' });

export const NotificationChannelsSchema = z
  .object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() })
  .meta({ id: 'NotificationChannels' });

export const VacationSchema = z
  .object({
    start: LocalDateSchema.describe('The first paused local day'),
    until: LocalDateSchema.describe('The last paused local day (included)'),
  })
  .meta({ id: 'Vacation' });
export type Vacation = z.infer<typeof VacationSchema>;

export const PreferencesSchema = z
  .object({
    interface_language: z
      .enum(INTERFACE_LANGUAGES)
      .nullable()
      .describe('The chosen interface language; null until chosen, when the device decides'),
    theme: z.enum(THEME_PREFERENCES),
    notifications: NotificationChannelsSchema,
    push_available: z.boolean().describe('Whether this server can send Web Push (VAPID keys configured)'),
    reminder_time: LocalTimeSchema,
    daily_goal_xp: z.number().int(),
    timezone: z.string(),
    vacation: VacationSchema.nullable().describe('The current or coming vacation; null when none (or it is over)'),
    private_profile: z
      .boolean()
      .describe(
        'A private profile is not found by search, not suggested, and shows its level, XP, streak and presence only to the learners it follows',
      ),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof PreferencesSchema>;
