import { EmailSchema } from '@parla/shared/auth.schema';
import { AppError } from '@parla/shared/errors';
import { PLANS, type Plan, PlanSchema } from '@parla/shared/plans';
import type { UpdateUserProfileBody } from '@parla/shared/profile-update.schema';
import { localDate } from '@parla/shared/streak';
import type { GetMeResponse, UserProfile } from '@parla/shared/users.schema';
import type { Clock } from '../../lib/clock';
import type { LearnersService } from '../learners/learners.service';
import { presentAuthUser, presentProfile } from './users.presenter';
import type { UsersRepository } from './users.repository';

export function createUsersService({
  repo,
  learners,
  clock,
}: {
  repo: UsersRepository;
  learners: LearnersService;
  clock: Clock;
}) {
  /** `me` means the caller; any other id must be the caller too — profiles are private. */
  function resolveOwnId(requested: string, callerId: string): string {
    const id = requested === 'me' ? callerId : requested;
    if (id !== callerId) throw new AppError('forbidden', 'You can only see and change your own profile.');
    return id;
  }

  return {
    async getMe(callerId: string): Promise<GetMeResponse> {
      const { user, profile, today } = await learners.requireLearner(callerId);
      return { user: presentAuthUser(user, profile), profile: presentProfile(profile, today) };
    },

    async getProfile(requestedId: string, callerId: string): Promise<UserProfile> {
      const { profile, today } = await learners.requireLearner(resolveOwnId(requestedId, callerId));
      return presentProfile(profile, today);
    },

    async updateProfile(requestedId: string, callerId: string, body: UpdateUserProfileBody): Promise<UserProfile> {
      const id = resolveOwnId(requestedId, callerId);
      const { profile: current } = await learners.requireLearner(id);
      const nativeLanguage = body.native_language ?? current.nativeLanguage;
      const targetLanguage = body.target_language ?? current.targetLanguage;
      if (nativeLanguage === targetLanguage) {
        throw new AppError('validation_error', 'The language to learn must differ from your native language.', [
          {
            path: body.target_language ? 'body.target_language' : 'body.native_language',
            message: 'Choose a language other than your native one.',
          },
        ]);
      }
      const learningStyles = body.learning_styles ?? current.learningStyles;
      if ((body.profile_completed ?? current.profileCompleted) && learningStyles.length === 0) {
        throw new AppError('validation_error', 'Choose at least one learning style to complete your profile.', [
          { path: 'body.learning_styles', message: 'Choose at least one learning style.' },
        ]);
      }
      const updated = await repo.updateProfile(id, {
        ...(body.native_language !== undefined && { nativeLanguage: body.native_language }),
        ...(body.target_language !== undefined && { targetLanguage: body.target_language }),
        ...(body.proficiency !== undefined && { proficiency: body.proficiency }),
        ...(body.learning_styles !== undefined && { learningStyles: body.learning_styles }),
        ...(body.goals !== undefined && { goals: body.goals }),
        ...(body.timezone !== undefined && { timezone: body.timezone }),
        ...(body.interface_language !== undefined && { interfaceLanguage: body.interface_language }),
        ...(body.theme !== undefined && { theme: body.theme }),
        ...(body.wants_grammar_explanations !== undefined && { wantsGrammarExplanations: body.wants_grammar_explanations }),
        ...(body.profile_completed !== undefined && { profileCompleted: body.profile_completed }),
        updatedAt: clock.now(),
      });
      if (!updated) throw new AppError('token_invalid', 'This account no longer exists.');
      return presentProfile(updated, localDate(clock.now(), updated.timezone));
    },

    /** Grants or withdraws premium (the operator command today, the payment provider later). */
    async setPlan(email: string, plan: string): Promise<{ email: string; plan: Plan }> {
      const address = EmailSchema.safeParse(email);
      if (!address.success) throw new AppError('validation_error', `"${email}" is not an e-mail address.`);
      const wanted = PlanSchema.safeParse(plan);
      if (!wanted.success) throw new AppError('validation_error', `Unknown plan "${plan}": use ${PLANS.join(' or ')}.`);
      const updated = await repo.updatePlanByEmail(address.data, wanted.data, clock.now());
      if (!updated) throw new AppError('not_found', `There is no account with the e-mail ${address.data}.`);
      return { email: updated.email, plan: wanted.data };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
