import { z } from 'zod';
import { INTERFACE_LANGUAGES, NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';
import { isKnownTimeZone } from './time-zones';
import { userText } from './user-text.schema';
import {
  LEARNING_GOALS,
  LEARNING_STYLES,
  LearningGoalSchema,
  LearningStyleSchema,
  ProficiencySchema,
  THEME_PREFERENCES,
} from './users.schema';

// Apart from users.schema.ts: the web app reads profiles but never validates an update, and so
// never loads the list of time zones behind TimeZoneSchema (~3.6 KB gzip).

/** An IANA time zone both the runtime and PostgreSQL know (streaks and daily limits are counted in it). */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, 'Unknown time zone; use an IANA name such as Europe/Madrid.');

const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'Each value may appear only once.');

/** What a learner may change; XP, streak and lesson counts belong to the server. */
export const UpdateUserProfileBodySchema = z
  .strictObject({
    /** The account's name (the greeting, friends), as at sign-up. */
    full_name: userText({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(100).optional(),
    native_language: z.enum(NATIVE_LANGUAGES).optional(),
    target_language: z.enum(TARGET_LANGUAGES).optional(),
    proficiency: ProficiencySchema.optional(),
    learning_styles: uniqueList(LearningStyleSchema, LEARNING_STYLES.length).optional(),
    goals: uniqueList(LearningGoalSchema, LEARNING_GOALS.length).optional(),
    timezone: TimeZoneSchema.optional(),
    /** null gives the choice back to the device. */
    interface_language: z.enum(INTERFACE_LANGUAGES).nullable().optional(),
    theme: z.enum(THEME_PREFERENCES).optional(),
    wants_grammar_explanations: z.boolean().optional(),
    profile_completed: z.boolean().optional(),
  })
  .meta({ id: 'UpdateUserProfileBody' });
export type UpdateUserProfileBody = z.infer<typeof UpdateUserProfileBodySchema>;
