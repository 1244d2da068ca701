import type { NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type {
  MonthlyGoal,
  ProgressSkillsResponse,
  ProgressSummaryResponse,
  ProgressWeeklyResponse,
  Skill,
} from '@parla/shared/progress.schema';
import { lessonXp } from '@parla/shared/scoring';
import type { LocalDate } from '@parla/shared/streak';
import type { DeckCard } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { ContentProvider } from '../catalogue/content-bank';
import { retrievability } from '../review/review.service';
import { presentLevel, presentStreak } from './progress.presenter';
import type { ProgressRepository } from './progress.repository';

const DAY_MS = 86_400_000;

/** XP of a lesson at full marks (spec §9: max(10, round(score × 0.5))). */
const FULL_LESSON_XP = lessonXp(100);

/**
 * The month's targets, scaled from the learner's daily goal (XP a day):
 * - XP: the daily goal on every day of the month;
 * - lessons: as many lessons at full marks as earn that XP (a 50 XP goal: one lesson a day);
 * - new words: those lessons' words, at the course's mean words per lesson;
 * - streak days: every day of the month (a streak counts days, whatever the goal).
 */
export function monthlyTargets(dailyGoalXp: number, monthDays: number, wordsPerLesson: number) {
  const xp = Math.max(1, dailyGoalXp * monthDays);
  const lessons = Math.max(1, Math.ceil(xp / FULL_LESSON_XP));
  return { xp, lessons, streak_days: monthDays, new_words: Math.max(1, Math.round(lessons * wordsPerLesson)) };
}

/** Current against target, the percentage whole and capped at 100 (100 only once it is met). */
export function goal(current: number, target: number): MonthlyGoal {
  return { current, target, percent: Math.min(100, Math.floor((Math.max(0, current) / target) * 100)) };
}

/** The seven local dates ending `today`, oldest first (plain date arithmetic: no clock, no DST). */
export function weekEnding(today: LocalDate): LocalDate[] {
  const [year, month, day] = today.split('-').map(Number);
  const end = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  return Array.from({ length: 7 }, (_, index) => new Date(end - (6 - index) * DAY_MS).toISOString().slice(0, 10) as LocalDate);
}

/**
 * The four skills from the generator's exercise categories: reading a word among options
 * (vocabulary, and every practice or review question), writing a missing word or ordering a
 * sentence's words (writing, grammar), ordering what was heard (listening), and saying a sentence
 * (speaking).
 */
export const SKILL_OF_CATEGORY: Readonly<Record<string, Skill>> = {
  vocabulary: 'reading',
  practice: 'reading',
  writing: 'writing',
  grammar: 'writing',
  listening: 'listening',
  speaking: 'speaking',
};

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function toReviewRow(wordId: string, card: DeckCard) {
  return {
    wordId,
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? new Date(card.last_review) : null,
  };
}

/** FSRS state 2: a card past its learning steps. */
const REVIEW_STATE = 2;

/** The progress screen's reads: overview, the week's activity and the skills. */
export function createProgressService({
  repo,
  content,
  clock,
}: {
  repo: ProgressRepository;
  content: ContentProvider;
  clock: Clock;
}) {
  const missing = () => new AppError('token_invalid', 'This account no longer exists.');
  const wordsOf = (lessonIds: readonly string[]) => {
    const bank = content.get();
    return lessonIds.reduce((sum, id) => sum + (bank.lessonsById.get(id)?.words.length ?? 0), 0);
  };
  let wordsPerLesson: number | undefined;
  const meanWordsPerLesson = () => {
    if (wordsPerLesson === undefined) {
      const { stats } = content.get();
      wordsPerLesson = stats.lessons > 0 ? stats.words / stats.lessons : 1;
    }
    return wordsPerLesson;
  };

  return {
    async summary(userId: string): Promise<ProgressSummaryResponse> {
      const row = await repo.findSummary(userId, clock.now());
      if (!row) throw missing();
      const today = row.today as LocalDate;
      const targets = monthlyTargets(row.daily_goal_xp, row.month_days, meanWordsPerLesson());
      const streak = presentStreak(row, today);
      return {
        course: row.target_language as TargetLanguage,
        native_language: row.native_language as NativeLanguage,
        total_xp: row.total_xp,
        ...presentLevel(row.total_xp),
        daily_goal_xp: row.daily_goal_xp,
        today,
        tiles: {
          lessons_completed: row.lessons_completed,
          current_streak: streak.current,
          longest_streak: row.longest_streak,
          words_learned: wordsOf(row.completed),
          awards: row.awards,
        },
        streak,
        month: {
          start: row.month_start,
          days: row.month_days,
          goals: {
            lessons: goal(row.month_lessons, targets.lessons),
            xp: goal(row.month_xp, targets.xp),
            streak_days: goal(row.month_active_days, targets.streak_days),
            new_words: goal(wordsOf(row.first_completed_this_month), targets.new_words),
          },
        },
      };
    },

    async weekly(userId: string): Promise<ProgressWeeklyResponse> {
      const row = await repo.findWeekly(userId, clock.now());
      if (!row) throw missing();
      const byDate = new Map(row.days.map((day) => [day.date, day]));
      const days = weekEnding(row.today as LocalDate).map((date) => {
        const day = byDate.get(date);
        return { date, xp: day?.xp ?? 0, lessons: day?.lessons ?? 0, practices: day?.practices ?? 0 };
      });
      return {
        time_zone: row.time_zone,
        days,
        max_xp: Math.max(0, ...days.map((day) => day.xp)),
        total_xp: days.reduce((sum, day) => sum + day.xp, 0),
        total_lessons: days.reduce((sum, day) => sum + day.lessons, 0),
      };
    },

    async skills(userId: string): Promise<ProgressSkillsResponse> {
      const row = await repo.findSkills(userId);
      if (!row) throw missing();
      const course = row.target_language as TargetLanguage;
      const native = row.native_language as NativeLanguage;
      const tally = { speaking: [0, 0], reading: [0, 0], listening: [0, 0], writing: [0, 0] } as Record<Skill, [number, number]>;
      for (const { category, answered, correct } of row.answers) {
        const skill = SKILL_OF_CATEGORY[category];
        if (!skill) continue;
        tally[skill][0] += answered;
        tally[skill][1] += correct;
      }
      const score = (skill: Skill) => {
        const [answered, correct] = tally[skill];
        return { percent: percentOf(correct, answered), answered, correct };
      };
      const completed = new Set(row.lessons.filter((lesson) => lesson.completions > 0).map((lesson) => lesson.lesson_id));
      const now = clock.now();
      const cards = row.lessons.flatMap((lesson) => Object.entries(lesson.cards));
      const studied = cards.filter(([, card]) => card.reps > 0);
      const recall = studied.reduce((sum, [wordId, card]) => sum + retrievability(toReviewRow(wordId, card), now), 0);
      return {
        course,
        overview: {
          speaking: score('speaking'),
          reading: score('reading'),
          listening: score('listening'),
          writing: score('writing'),
        },
        units: content.get().units.map((unit) => {
          const done = unit.lessons.filter((lesson) => completed.has(lesson.id));
          return {
            id: unit.id,
            title: unit.title[native],
            icon: unit.icon,
            level: unit.cefr,
            words: unit.lessons.reduce((sum, lesson) => sum + lesson.words.length, 0),
            words_learned: done.reduce((sum, lesson) => sum + lesson.words.length, 0),
            lessons: unit.lessons.length,
            lessons_completed: done.length,
            percent: percentOf(done.length, unit.lessons.length),
          };
        }),
        deck: {
          cards: cards.length,
          due_now: cards.filter(([, card]) => new Date(card.due).getTime() <= now.getTime()).length,
          learned: cards.filter(([, card]) => card.state === REVIEW_STATE).length,
          recall_percent: studied.length > 0 ? Math.round((recall / studied.length) * 100) : null,
        },
      };
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
