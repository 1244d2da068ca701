import type { CompletePracticeResponse } from '@parla/shared/practice.schema';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Sparkles from 'lucide-react/icons/sparkles';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { useReviewDue } from '../api/get-review-due';

/** The end of a round: words remembered, the XP the ledger paid, and more words if some are due. */
export function ReviewSummary({ result, onAgain }: { result: CompletePracticeResponse; onAgain(): void }) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const number = new Intl.NumberFormat(language);
  // Refetched after the completion: the words still due (a long deck, or words answered wrong coming back).
  const due = useReviewDue();
  const more = due.data && !due.isFetching ? due.data.due_count : 0;
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const stats = [
    { label: t('review.summary.xpLabel'), value: t('review.summary.xp', { xp: number.format(result.xp_earned) }) },
    {
      label: t('review.summary.accuracy'),
      value: new Intl.NumberFormat(language, { style: 'percent' }).format(result.accuracy / 100),
    },
    { label: t('review.summary.totalXp'), value: number.format(result.total_xp) },
    { label: t('review.summary.streak'), value: number.format(result.current_streak) },
  ];
  return (
    <section aria-labelledby="review-summary" className="flex flex-col items-center gap-6 text-center">
      <Sparkles aria-hidden="true" className="size-14 text-amber-500" />
      <div className="flex flex-col gap-1">
        <h1 id="review-summary" ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight">
          {t('review.summary.title')}
        </h1>
        <p className="text-lg font-semibold">
          {t('review.summary.score', { correct: number.format(result.correct), total: result.total })}
        </p>
      </div>
      <dl className="grid w-full grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.label} label={stat.label}>
            {stat.value}
          </StatCard>
        ))}
      </dl>
      {more > 0 ? <p className="text-muted">{t('review.summary.more', { count: more })}</p> : null}
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg' })}>
          {t('review.back')}
        </Link>
        {more > 0 ? (
          <button type="button" onClick={onAgain} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('review.summary.again')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
