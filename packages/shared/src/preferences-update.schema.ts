import { z } from 'zod';
import { INTERFACE_LANGUAGES } from './content.schema';
import { DAILY_GOAL_XP, LocalDateSchema, LocalTimeSchema } from './preferences.schema';
import { TimeZoneSchema } from './profile-update.schema';
import { THEME_PREFERENCES } from './users.schema';

// Apart from preferences.schema.ts, like profile-update.schema.ts: only the server validates an
// update, so the web app never loads the list of time zones.

/** Every field is optional: a PUT changes what it names and keeps the rest. */
export const UpdatePreferencesBodySchema = z
  .strictObject({
    interface_language: z.enum(INTERFACE_LANGUAGES).nullable().optional(),
    theme: z.enum(THEME_PREFERENCES).optional(),
    notifications: z
      .strictObject({ in_app: z.boolean().optional(), email: z.boolean().optional(), push: z.boolean().optional() })
      .optional(),
    reminder_time: LocalTimeSchema.optional(),
    daily_goal_xp: z
      .number()
      .int('The daily goal is a whole number of XP.')
      .min(DAILY_GOAL_XP.min, `The daily goal is at least ${DAILY_GOAL_XP.min} XP.`)
      .max(DAILY_GOAL_XP.max, `The daily goal is at most ${DAILY_GOAL_XP.max} XP.`)
      .optional(),
    timezone: TimeZoneSchema.optional(),
    /**
     * The last local day of a vacation that starts today (or keeps the start of the current one);
     * at most 14 days in all. null ends the vacation.
     */
    vacation_until: LocalDateSchema.nullable().optional(),
    private_profile: z.boolean().optional(),
  })
  .meta({ id: 'UpdatePreferencesBody' });
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;
