import { z } from 'zod';

/** The plans a learner can be on (spec §6, §9): Free costs nothing, Premium is paid. */
export const PLANS = ['free', 'premium'] as const;
export const PlanSchema = z.enum(PLANS);
export type Plan = z.infer<typeof PlanSchema>;

/** What a plan allows; `null` means no limit. */
export interface PlanAllowances {
  /** Lesson sessions a learner may start per local day (practice and review never count). */
  readonly lessonSessionsPerDay: number | null;
}

/** Spec §6/§9: Free is one lesson session a local day; Premium is unlimited lessons. */
export const PLAN_ALLOWANCES: Readonly<Record<Plan, PlanAllowances>> = {
  free: { lessonSessionsPerDay: 1 },
  premium: { lessonSessionsPerDay: null },
};

export const isPlan = (value: unknown): value is Plan => PlanSchema.safeParse(value).success;
