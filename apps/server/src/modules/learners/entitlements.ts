import { isPlan, PLAN_ALLOWANCES, PLANS, type Plan } from '@parla/shared/plans';

/** What a learner's account allows right now. */
export interface Entitlements {
  plan: Plan;
  /** Lesson sessions a local day; null: unlimited. */
  lessonSessionsPerDay: number | null;
}

/**
 * The stored account fields that decide entitlements. Today only the plan; a subscription's status
 * and period end join it here once payments exist, so no caller reads the plan for itself.
 */
export interface PlanHolder {
  plan: string;
}

/** The one place a stored plan becomes what it allows. */
export function entitlementsOf(account: PlanHolder): Entitlements {
  // A value this build does not know (written by a newer one, or by hand) allows no more than Free.
  const plan: Plan = isPlan(account.plan) ? account.plan : 'free';
  return { plan, ...PLAN_ALLOWANCES[plan] };
}

/**
 * The largest daily lesson allowance of any limited plan: counting a learner's sessions of the day
 * beyond it can change no answer, so readers that count for every plan at once stop there.
 */
export const LESSON_SESSIONS_WORTH_COUNTING = Math.max(
  0,
  ...PLANS.map((plan) => PLAN_ALLOWANCES[plan].lessonSessionsPerDay ?? 0),
);
