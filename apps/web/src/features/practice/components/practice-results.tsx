import type { CompletePracticeResponse } from '@parla/shared/practice.schema';
import { clsx } from 'clsx';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Star from 'lucide-react/icons/star';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';

/** Spec §9: 3 stars at 80 %+, 2 at 60 %+, 1 at 40 %+ — the server counts them, this shows them. */
export function PracticeResults({ result, onAgain }: { result: CompletePracticeResponse; onAgain(): void }) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const number = new Intl.NumberFormat(language);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const stats = [
    {
      label: t('practice.results.accuracy'),
      value: new Intl.NumberFormat(language, { style: 'percent' }).format(result.accuracy / 100),
    },
    { label: t('practice.results.xpLabel'), value: t('practice.results.xp', { xp: number.format(result.xp_earned) }) },
    { label: t('practice.results.totalXp'), value: number.format(result.total_xp) },
    { label: t('practice.results.streak'), value: number.format(result.current_streak) },
  ];
  return (
    <section aria-labelledby="practice-results" className="flex flex-col items-center gap-6 text-center">
      <div role="img" aria-label={t('practice.results.stars', { stars: result.stars })} className="flex gap-2">
        {[1, 2, 3].map((star) => (
          <Star
            key={star}
            aria-hidden="true"
            className={clsx(
              'size-14 motion-safe:transition',
              star <= result.stars ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-line',
              star === 2 && '-translate-y-2',
            )}
          />
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <h1 id="practice-results" ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight">
          {t('practice.results.title')}
        </h1>
        <p className="text-lg text-muted">{t(`practice.results.message.${result.stars}`)}</p>
        <p className="text-lg font-semibold">
          {t('practice.results.score', { correct: number.format(result.correct), total: number.format(result.total) })}
        </p>
      </div>
      <dl className="grid w-full grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.label} label={stat.label}>
            {stat.value}
          </StatCard>
        ))}
      </dl>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg' })}>
          {t('practice.back')}
        </Link>
        <button type="button" onClick={onAgain} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <RotateCcw aria-hidden="true" className="size-5" />
          {t('practice.results.again')}
        </button>
      </div>
    </section>
  );
}
