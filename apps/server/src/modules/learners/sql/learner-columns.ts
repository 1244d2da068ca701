import { z } from 'zod';

/**
 * The columns a learner is made of (modules/learners `learnerOf`), for a hot statement that reads
 * the learner with its own data in one round trip instead of asking `requireLearner` first. The
 * statement selects `learnerColumns('u', 'p')` from `users u join profiles p on p.user_id = u.id`
 * and adds `LearnerColumnsSchema` to its row.
 */
export const LearnerColumnsSchema = {
  learner_plan: z.string(),
  learner_native_language: z.string(),
  learner_interface_language: z.string().nullable(),
  learner_target_language: z.string(),
  learner_timezone: z.string(),
};

export type LearnerColumns = { [K in keyof typeof LearnerColumnsSchema]: z.infer<(typeof LearnerColumnsSchema)[K]> };

export const learnerColumns = (users: string, profiles: string) =>
  `${users}.plan as learner_plan, ${profiles}.native_language as learner_native_language,
   ${profiles}.interface_language as learner_interface_language, ${profiles}.target_language as learner_target_language,
   ${profiles}.timezone as learner_timezone`;
