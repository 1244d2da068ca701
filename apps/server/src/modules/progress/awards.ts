import { levelFromXp } from '@parla/shared/levels';
import { type LocalDate, type StreakPause, type StreakState, streakAfterActivity } from '@parla/shared/streak';
import type { XpSourceKind } from '../../db/schema/index';
import type { DomainEvent } from '../../lib/domain-events';

/** One thing that earns XP, as its producer (lesson, practice or review completion) describes it. */
export interface Award {
  userId: string;
  sourceKind: XpSourceKind;
  /** The session that earned it: the ledger pays each (learner, kind, source) once. */
  sourceId: string;
  xp: number;
  at: Date;
  /** The learner's local day at `at`. */
  localDate: LocalDate;
  /** The learner's streak (with the freezes held) as read before this award. */
  before: StreakState;
  /** The learner's vacation, whose days are not missed days (humane streaks). */
  vacation?: StreakPause | null;
}

/** A ledger row to insert, with what it adds to the day's counters. */
export interface AwardEventRow {
  user_id: string;
  source_kind: XpSourceKind;
  source_id: string;
  xp: number;
  local_date: LocalDate;
  at: string;
  week_start: string;
  lessons: number;
  practices: number;
}

/** The learner's streak after all of a batch's awards. */
export interface AwardLearnerRow {
  user_id: string;
  streak: number;
  last_active_date: LocalDate;
  /** The streak freezes held after them (some used on missed days, one earned per 7 days). */
  freezes: number;
}

/** What the award statement read back per learner (see AWARD_CTES' `progress_profile`). */
export interface AwardedTotals {
  totalXp: number;
  currentStreak: number;
}

const DAY_MS = 86_400_000;

/** The day of a learner's first award in a batch (every learner in one has at least one). */
const award0 = (own: readonly Award[]): LocalDate => own[0]?.localDate ?? ('1970-01-01' as LocalDate);

/** The league week of an instant: the Monday 00:00 UTC on or before it, as a date. */
export function weekStartOf(at: Date): string {
  const day = Math.floor(at.getTime() / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return new Date((day - ((day + 3) % 7)) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Turns a batch of awards into the rows the award statement writes. Everything per learner is
 * decided here, not in SQL: the streak is the learner's state before the batch with each award's
 * day applied in order. SQL only inserts the ledger rows and adds up the ones it inserted.
 */
export function planAwards(batch: readonly Award[]): { events: AwardEventRow[]; learners: AwardLearnerRow[] } {
  // A source asked for twice in one batch (a replay arriving with the original) is one award.
  const awards = [...new Map(batch.map((award) => [`${award.userId} ${award.sourceKind} ${award.sourceId}`, award])).values()];
  const byLearner = new Map<string, Award[]>();
  for (const award of awards) byLearner.set(award.userId, [...(byLearner.get(award.userId) ?? []), award]);
  const learners: AwardLearnerRow[] = [];
  for (const [userId, own] of byLearner) {
    // Reads made at different moments: the most advanced one is the nearest to the truth.
    const start = own
      .map((award) => award.before)
      .reduce((best, state) =>
        (state.lastActiveDate ?? '') > (best.lastActiveDate ?? '') ||
        (state.lastActiveDate === best.lastActiveDate && state.current > best.current)
          ? state
          : best,
      );
    const end = [...own]
      .sort((a, b) => (a.localDate < b.localDate ? -1 : a.localDate > b.localDate ? 1 : 0))
      .reduce<StreakState>((state, award) => streakAfterActivity(state, award.localDate, award.vacation), start);
    learners.push({
      user_id: userId,
      streak: end.current,
      last_active_date: end.lastActiveDate ?? award0(own),
      freezes: end.freezes ?? 0,
    });
  }
  const events = awards.map((award) => ({
    user_id: award.userId,
    source_kind: award.sourceKind,
    source_id: award.sourceId,
    xp: award.xp,
    local_date: award.localDate,
    at: award.at.toISOString(),
    week_start: weekStartOf(award.at),
    lessons: award.sourceKind === 'lesson' ? 1 : 0,
    practices: award.sourceKind === 'lesson' ? 0 : 1,
  }));
  return { events, learners };
}

/** The events an award that was written causes: XP, and a longer streak or a new level when it brought one. */
export function awardEvents(award: Award, totals: AwardedTotals): DomainEvent[] {
  const events: DomainEvent[] = [
    {
      name: 'xp.awarded',
      payload: {
        userId: award.userId,
        sourceKind: award.sourceKind,
        sourceId: award.sourceId,
        xp: award.xp,
        totalXp: totals.totalXp,
        localDate: award.localDate,
        at: award.at,
      },
    },
  ];
  // The first activity of a later day than the one read before: the streak went on (or began again).
  if (award.before.lastActiveDate === null || award.before.lastActiveDate < award.localDate) {
    events.push({
      name: 'streak.extended',
      payload: { userId: award.userId, streak: totals.currentStreak, localDate: award.localDate, at: award.at },
    });
  }
  const level = levelFromXp(totals.totalXp);
  if (level > levelFromXp(totals.totalXp - award.xp)) {
    events.push({ name: 'level.reached', payload: { userId: award.userId, level, at: award.at } });
  }
  return events;
}
