import { z } from 'zod';
import { NATIVE_LANGUAGES } from './content.schema';
import { userText } from './user-text.schema';
import { AuthUserSchema, LearningGoalSchema, LearningStyleSchema, ProficiencySchema } from './users.schema';

/** The spec's rule: at least 6 characters, counted as the learner sees them (code points). */
export const PASSWORD_MIN_LENGTH = 6;
// argon2 accepts any length; the cap keeps a huge body from becoming a CPU-heavy hash.
export const PASSWORD_MAX_LENGTH = 256;

export const EmailSchema = userText({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254)
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }));

export const PasswordSchema = userText({ error: 'Enter a password.' })
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const RegisterBodySchema = z
  .strictObject({
    username: EmailSchema,
    password: PasswordSchema,
    full_name: userText({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(100),
    native_language: z.enum(NATIVE_LANGUAGES).optional(),
    learning_goal: LearningGoalSchema.optional(),
    learning_style: LearningStyleSchema.optional(),
    proficiency_level: ProficiencySchema.optional(),
    wants_grammar_explanations: z.boolean().optional(),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z
  .object({
    username: EmailSchema,
    // Any string: a too-short password is simply wrong, and must look the same as one.
    password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RefreshBodySchema = z.object({ refresh_token: z.string().min(1).max(200).optional() }).meta({ id: 'RefreshBody' });
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

export const AuthResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().describe('Seconds until the access token expires'),
    refresh_token: z.string(),
    user: AuthUserSchema,
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const ChangePasswordBodySchema = z
  .strictObject({
    current_password: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
    new_password: PasswordSchema,
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const RequestPasswordResetBodySchema = z.object({ email: EmailSchema }).meta({ id: 'RequestPasswordResetBody' });
export type RequestPasswordResetBody = z.infer<typeof RequestPasswordResetBodySchema>;

export const ConfirmPasswordResetBodySchema = z
  .strictObject({ token: z.string().min(1).max(200), password: PasswordSchema })
  .meta({ id: 'ConfirmPasswordResetBody' });
export type ConfirmPasswordResetBody = z.infer<typeof ConfirmPasswordResetBodySchema>;

export const AcceptedResponseSchema = z.object({ status: z.literal('accepted'), detail: z.string() }).meta({ id: 'Accepted' });
export const OkResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Ok' });

/** A reset request was taken; another e-mail to this address can be asked for only after `resend_after_seconds`. */
export const RequestPasswordResetResponseSchema = AcceptedResponseSchema.extend({
  resend_after_seconds: z.int().positive().describe('Until then a new request for this address answers 429 and sends nothing'),
}).meta({ id: 'RequestPasswordResetResponse' });
export type RequestPasswordResetResponse = z.infer<typeof RequestPasswordResetResponseSchema>;

export const SOCIAL_PROVIDERS = ['google', 'github'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);

export const GetProvidersResponseSchema = z
  .object({ providers: z.array(z.object({ id: SocialProviderSchema, name: z.string(), start_url: z.string() })) })
  .meta({ id: 'Providers' });
export type GetProvidersResponse = z.infer<typeof GetProvidersResponseSchema>;
