import { achievementById } from '@parla/shared/achievements';
import type { CompleteLessonResponse } from '@parla/shared/lessons.schema';
import type { LessonBadge } from '@parla/shared/scoring';
import Award from 'lucide-react/icons/award';
import CloudOff from 'lucide-react/icons/cloud-off';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';

interface Props {
  /** What the server stored for the session: undefined while it is being recorded, or after a failure. */
  completion: CompleteLessonResponse | undefined;
  /** The practice round's result, after Try again. */
  practice: { correct: number; total: number } | undefined;
  saveFailed: boolean;
  onRetrySave(): void;
  onContinue(): void;
  onTryAgain(): void;
}

const BADGE_TONE: Record<LessonBadge, ChipTone> = { excellent: 'success', good: 'brand', needs_practice: 'neutral' };

const BADGE_EMOJI: Record<LessonBadge, string> = { excellent: '🏆', good: '🎉', needs_practice: '💪' };

/** A number still on its way: the card keeps its size, the screen reader hears the status instead. */
const Pending = () => (
  <span aria-hidden="true" className="mx-auto my-1 block h-6 w-14 rounded-lg bg-surface-muted motion-safe:animate-pulse" />
);

/**
 * Spec §4/§9: score, XP and badge as the server stored them (the lesson is recorded when its last
 * item is answered), then Continue (back to the dashboard) or Try again (a practice round).
 */
export function LessonSummary({ completion, practice, saveFailed, onRetrySave, onContinue, onTryAgain }: Props) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const saving = !completion && !saveFailed;
  const percent = new Intl.NumberFormat(language, { style: 'percent' });

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby="lesson-summary-title"
      className="flex flex-col items-center gap-6 text-center motion-safe:animate-rise"
    >
      <div className="flex size-20 items-center justify-center rounded-full bg-brand-soft text-4xl" aria-hidden="true">
        {completion ? (
          BADGE_EMOJI[completion.badge]
        ) : saveFailed ? (
          <CloudOff className="size-9 text-danger" />
        ) : (
          <span className="size-10 rounded-full border-4 border-line border-t-brand motion-safe:animate-spin" />
        )}
      </div>
      <h2 id="lesson-summary-title" ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
        {t('lesson.summary.title')}
      </h2>
      {completion ? (
        <Chip as="p" size="lg" tone={BADGE_TONE[completion.badge]} icon={<Award aria-hidden="true" className="size-5" />}>
          {t(`lesson.summary.badge.${completion.badge}`)}
        </Chip>
      ) : saving ? (
        <span aria-hidden="true">
          <Chip size="lg" tone="muted">
            {t('lesson.summary.saving')}
          </Chip>
        </span>
      ) : null}
      {saveFailed ? (
        <div
          role="alert"
          className="flex w-full flex-col items-center gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-4 font-semibold text-danger"
        >
          <p>{t('lesson.summary.saveFailed')}</p>
          <button type="button" onClick={onRetrySave} className={buttonClasses({ variant: 'secondary' })}>
            {t('lesson.summary.retrySave')}
          </button>
        </div>
      ) : (
        <dl aria-busy={saving} className="grid w-full grid-cols-3 gap-3">
          <StatCard label={t('lesson.summary.score')}>
            {completion ? percent.format(completion.score / 100) : <Pending />}
          </StatCard>
          <StatCard label={t('lesson.summary.xp')}>
            {completion ? <span className="text-amber-700 dark:text-amber-300">+{completion.xp_earned}</span> : <Pending />}
          </StatCard>
          <StatCard label={t('lesson.summary.correct')}>
            {completion ? (
              t('lesson.summary.correctValue', { correct: completion.correct, total: completion.total })
            ) : (
              <Pending />
            )}
          </StatCard>
        </dl>
      )}
      {completion && completion.achievements_earned.length > 0 ? (
        <section aria-labelledby="lesson-summary-achievements" className="flex w-full flex-col gap-2 text-start">
          <h3 id="lesson-summary-achievements" className="text-center text-lg font-bold">
            {t('lesson.summary.achievements', { count: completion.achievements_earned.length })}
          </h3>
          <ul className="flex flex-col gap-2">
            {completion.achievements_earned.map((id) => (
              <li key={id} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm">
                <span
                  aria-hidden="true"
                  className="grid size-11 shrink-0 place-items-center rounded-xl bg-amber-100 text-2xl dark:bg-amber-500/20"
                >
                  {achievementById.get(id)?.icon}
                </span>
                <div className="min-w-0">
                  <p className="font-bold">{t(`achievement.${id}.name`)}</p>
                  <p className="text-sm text-muted">{t(`achievement.${id}.description`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {completion && completion.skipped > 0 ? (
        <p className="text-muted">{t('lesson.summary.skipped', { skipped: completion.skipped })}</p>
      ) : null}
      {completion ? (
        <Link
          to={`${paths.app.review}?lesson=${encodeURIComponent(completion.lesson_id)}`}
          className="font-semibold text-brand-text underline underline-offset-4 hover:no-underline"
        >
          {t('lesson.summary.reviewWords')}
        </Link>
      ) : null}
      {practice ? (
        <p className="text-muted">
          {t('lesson.summary.practiceResult', { correct: practice.correct, total: practice.total })} {t('lesson.practice.note')}
        </p>
      ) : null}
      <div className="flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <button type="button" onClick={onTryAgain} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <RotateCcw aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          {t('lesson.summary.tryAgain')}
        </button>
        <button type="button" onClick={onContinue} className={buttonClasses({ size: 'lg', className: 'sm:min-w-48' })}>
          {t('lesson.continue')}
        </button>
      </div>
      <p role="status" className="sr-only">
        {completion
          ? t('lesson.summary.saved', { xp: completion.xp_earned, score: completion.score })
          : saving
            ? t('lesson.summary.saving')
            : ''}
      </p>
    </section>
  );
}
