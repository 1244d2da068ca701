import { EmailSchema } from '@parla/shared/auth.schema';
import { AppError } from '@parla/shared/errors';
import { PLANS, type Plan, PlanSchema } from '@parla/shared/plans';
import { MAX_VACATION_DAYS, type Preferences } from '@parla/shared/preferences.schema';
import type { UpdatePreferencesBody } from '@parla/shared/preferences-update.schema';
import type { UpdateUserProfileBody } from '@parla/shared/profile-update.schema';
import { addDays, daysBetween, type LocalDate, localDate } from '@parla/shared/streak';
import type { GetMeResponse, UserProfile } from '@parla/shared/users.schema';
import type { Clock } from '../../lib/clock';
import type { LearnersService } from '../learners/learners.service';
import { presentAuthUser, presentPreferences, presentProfile } from './users.presenter';
import type { UsersRepository } from './users.repository';

export function createUsersService({
  repo,
  learners,
  clock,
  pushAvailable = () => false,
}: {
  repo: UsersRepository;
  learners: LearnersService;
  clock: Clock;
  /** Whether Web Push can be sent (VAPID keys configured); until then the push channel stays off. */
  pushAvailable?: () => boolean;
}) {
  /** `me` means the caller; any other id must be the caller too — profiles are private. */
  function resolveOwnId(requested: string, callerId: string): string {
    const id = requested === 'me' ? callerId : requested;
    if (id !== callerId) throw new AppError('forbidden', 'You can only see and change your own profile.');
    return id;
  }

  return {
    async getMe(callerId: string): Promise<GetMeResponse> {
      const found = await repo.findMe(callerId);
      // A valid token for a deleted account: the session is over.
      if (!found) throw new AppError('token_invalid', 'This account no longer exists.');
      const { user, profile, unreadNotifications } = found;
      return {
        user: presentAuthUser(user, profile),
        profile: presentProfile(profile, localDate(clock.now(), profile.timezone)),
        unread_notifications: unreadNotifications,
      };
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
      const changes = {
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
      };
      const updated =
        body.full_name === undefined
          ? await repo.updateProfile(id, changes)
          : await repo.updateProfileAndName(id, changes, body.full_name);
      if (!updated) throw new AppError('token_invalid', 'This account no longer exists.');
      return presentProfile(updated, localDate(clock.now(), updated.timezone));
    },

    async getPreferences(requestedId: string, callerId: string): Promise<Preferences> {
      const { profile, today } = await learners.requireLearner(resolveOwnId(requestedId, callerId));
      return presentPreferences(profile, today, pushAvailable());
    },

    /** Changes the preferences the body names; sending the same body again gives the same result. */
    async updatePreferences(requestedId: string, callerId: string, body: UpdatePreferencesBody): Promise<Preferences> {
      const id = resolveOwnId(requestedId, callerId);
      const { profile: current } = await learners.requireLearner(id);
      const now = clock.now();
      const timezone = body.timezone ?? current.timezone;
      const today = localDate(now, timezone);
      const push = pushAvailable();
      if (body.notifications?.push === true && !push) {
        throw new AppError('validation_error', 'Push notifications are not set up on this server.', [
          { path: 'body.notifications.push', message: 'Push notifications are not available here.' },
        ]);
      }
      const vacation = body.vacation_until === undefined ? undefined : vacationUntil(current, body.vacation_until, today);
      const updated = await repo.updateProfile(id, {
        ...(body.interface_language !== undefined && { interfaceLanguage: body.interface_language }),
        ...(body.theme !== undefined && { theme: body.theme }),
        ...(body.notifications?.in_app !== undefined && { notifyInApp: body.notifications.in_app }),
        ...(body.notifications?.email !== undefined && { notifyEmail: body.notifications.email }),
        ...(body.notifications?.push !== undefined && { notifyPush: body.notifications.push }),
        ...(body.reminder_time !== undefined && { reminderTime: body.reminder_time }),
        ...(body.daily_goal_xp !== undefined && { dailyGoalXp: body.daily_goal_xp }),
        ...(body.timezone !== undefined && { timezone: body.timezone }),
        ...(vacation !== undefined && { vacationStart: vacation.start, vacationUntil: vacation.until }),
        ...(body.private_profile !== undefined && { isPrivate: body.private_profile }),
        updatedAt: now,
      });
      if (!updated) throw new AppError('token_invalid', 'This account no longer exists.');
      return presentPreferences(updated, today, push);
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

/**
 * The vacation a PUT asks for: it starts today, or keeps the start of the one under way (so
 * extending it cannot pause a streak past 14 days in all); null ends it.
 */
function vacationUntil(
  current: { vacationStart: string | null; vacationUntil: string | null },
  until: string | null,
  today: LocalDate,
): { start: string | null; until: string | null } {
  if (until === null) return { start: null, until: null };
  if (daysBetween(today, until as LocalDate) < 0) {
    throw new AppError('validation_error', `A vacation must end today (${today}) or later.`, [
      { path: 'body.vacation_until', message: 'Choose today or a later day.' },
    ]);
  }
  const underWay =
    current.vacationStart !== null &&
    current.vacationUntil !== null &&
    daysBetween(current.vacationStart as LocalDate, today) >= 0 &&
    daysBetween(today, current.vacationUntil as LocalDate) >= 0;
  const start = underWay ? (current.vacationStart as LocalDate) : today;
  if (daysBetween(start, until as LocalDate) + 1 > MAX_VACATION_DAYS) {
    throw new AppError(
      'validation_error',
      `A vacation lasts at most ${MAX_VACATION_DAYS} days: from ${start}, choose a day up to ${addDays(start, MAX_VACATION_DAYS - 1)}.`,
      [{ path: 'body.vacation_until', message: `At most ${MAX_VACATION_DAYS} days.` }],
    );
  }
  return { start, until };
}

export type UsersService = ReturnType<typeof createUsersService>;
