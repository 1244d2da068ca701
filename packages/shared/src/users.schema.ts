import { z } from 'zod';
import { INTERFACE_LANGUAGES, NATIVE_LANGUAGES, TARGET_LANGUAGES } from './content.schema';

export const PROFICIENCY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LEARNING_STYLES = ['visual', 'auditory', 'kinesthetic', 'reading', 'social'] as const;
export const LEARNING_GOALS = ['travel', 'business', 'academic', 'culture', 'family', 'hobby'] as const;
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;

export const ProficiencySchema = z.enum(PROFICIENCY_LEVELS);
export const LearningStyleSchema = z.enum(LEARNING_STYLES);
export const LearningGoalSchema = z.enum(LEARNING_GOALS);

export const UserProfileSchema = z
  .object({
    user_id: z.uuid(),
    native_language: z.enum(NATIVE_LANGUAGES),
    target_language: z.enum(TARGET_LANGUAGES),
    proficiency: ProficiencySchema,
    learning_styles: z.array(LearningStyleSchema),
    goals: z.array(LearningGoalSchema),
    timezone: z.string(),
    interface_language: z
      .enum(INTERFACE_LANGUAGES)
      .nullable()
      .describe(
        'The interface language the learner chose (setup sets it to the native language); null until chosen, when the device decides',
      ),
    theme: z.enum(THEME_PREFERENCES),
    wants_grammar_explanations: z.boolean(),
    profile_completed: z.boolean(),
    total_xp: z.number().int(),
    current_streak: z.number().int(),
    lessons_completed: z.number().int(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const UserIdParamsSchema = z.object({
  id: z.union([z.literal('me'), z.uuid({ error: 'Must be a user id or "me".' })]),
});

export const AuthUserSchema = z
  .object({
    id: z.uuid(),
    username: z.string().describe('The e-mail address the learner signs in with'),
    email: z.string(),
    full_name: z.string(),
    native_language: z.enum(NATIVE_LANGUAGES),
    learning_goal: LearningGoalSchema.nullable(),
    learning_style: LearningStyleSchema.nullable(),
    proficiency_level: ProficiencySchema,
    wants_grammar_explanations: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const GetMeResponseSchema = z
  .object({
    user: AuthUserSchema,
    profile: UserProfileSchema,
    // Optional in the type only so that fixtures written before it stay valid; the server always sends it.
    unread_notifications: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Notifications not read yet (the bell and the Friends badge); always sent'),
  })
  .meta({ id: 'Me' });
export type GetMeResponse = z.infer<typeof GetMeResponseSchema>;
