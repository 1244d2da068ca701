import { z } from 'zod';
import { userText } from './user-text.schema';
import { PROFICIENCY_LEVELS } from './users.schema';

export const TutorExerciseParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const TutorExerciseBodySchema = z.strictObject({ session_id: z.uuid() }).meta({ id: 'TutorExerciseBody' });

export const TutorAnswerSchema = z
  .object({
    text: z.string(),
    language: z.string(),
    /** `ai` when the configured model answered; `content` when the content bank did (no model, or it failed). */
    source: z.enum(['ai', 'content']),
  })
  .meta({ id: 'TutorAnswer' });
export type TutorAnswer = z.infer<typeof TutorAnswerSchema>;

export const AdaptExplanationBodySchema = z
  .strictObject({
    text: userText().trim().min(1).max(2000),
    level: z.enum(PROFICIENCY_LEVELS).optional(),
  })
  .meta({ id: 'AdaptExplanationBody' });
export type AdaptExplanationBody = z.infer<typeof AdaptExplanationBodySchema>;
