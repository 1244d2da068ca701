import type { LessonBadge } from '@parla/shared/scoring';
import { clsx } from 'clsx';
import Award from 'lucide-react/icons/award';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { useI18n } from '../../i18n/language-context';

export interface SummaryNumbers {
  correct: number;
  /** The exercises that count: all but the skipped ones. */
  total: number;
  skipped: number;
  score: number;
  xp: number;
  badge: LessonBadge;
}

interface Props {
  numbers: SummaryNumbers;
  /** The practice round's result, after Try again. */
  practice: { correct: number; total: number } | undefined;
  saving: boolean;
  saveFailed: boolean;
  onContinue(): void;
  onTryAgain(): void;
}

const BADGE_STYLE: Record<LessonBadge, string> = {
  excellent: 'bg-success-soft text-success',
  good: 'bg-brand-soft text-brand-text',
  needs_practice: 'bg-surface-muted text-fg',
};

/** Spec §4/§9: score, XP and badge, then Continue (reports the lesson) or Try again. */
export function LessonSummary({ numbers, practice, saving, saveFailed, onContinue, onTryAgain }: Props) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const percent = new Intl.NumberFormat(language, { style: 'percent' }).format(numbers.score / 100);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby="lesson-summary-title"
      className="flex flex-col items-center gap-6 text-center motion-safe:animate-rise"
    >
      <div className="flex size-20 items-center justify-center rounded-full bg-brand-soft text-4xl" aria-hidden="true">
        {numbers.badge === 'excellent' ? '🏆' : numbers.badge === 'good' ? '🎉' : '💪'}
      </div>
      <h2 id="lesson-summary-title" ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
        {t('lesson.summary.title')}
      </h2>
      <p className={clsx('inline-flex items-center gap-2 rounded-full px-4 py-1.5 font-bold', BADGE_STYLE[numbers.badge])}>
        <Award aria-hidden="true" className="size-5" />
        {t(`lesson.summary.badge.${numbers.badge}`)}
      </p>
      <dl className="grid w-full grid-cols-3 gap-3">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">{t('lesson.summary.score')}</dt>
          <dd className="text-2xl font-bold">{percent}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">{t('lesson.summary.xp')}</dt>
          <dd className="text-2xl font-bold text-accent">+{numbers.xp}</dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">{t('lesson.summary.correct')}</dt>
          <dd className="text-2xl font-bold">
            {t('lesson.summary.correctValue', { correct: numbers.correct, total: numbers.total })}
          </dd>
        </div>
      </dl>
      {numbers.skipped > 0 ? <p className="text-muted">{t('lesson.summary.skipped', { skipped: numbers.skipped })}</p> : null}
      {practice ? (
        <p className="text-muted">
          {t('lesson.summary.practiceResult', { correct: practice.correct, total: practice.total })} {t('lesson.practice.note')}
        </p>
      ) : null}
      {saveFailed ? (
        <p role="alert" className="font-semibold text-danger">
          {t('lesson.summary.saveFailed')}
        </p>
      ) : null}
      <div className="flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <button
          type="button"
          onClick={onTryAgain}
          disabled={saving}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          <RotateCcw aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          {t('lesson.summary.tryAgain')}
        </button>
        <button
          type="button"
          onClick={onContinue}
          disabled={saving}
          className={buttonClasses({ size: 'lg', className: 'sm:min-w-48' })}
        >
          {t(saving ? 'lesson.summary.saving' : 'lesson.continue')}
        </button>
      </div>
    </section>
  );
}
