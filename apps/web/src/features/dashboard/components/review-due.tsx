import Brain from 'lucide-react/icons/brain';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { useReviewDue } from '../api/get-review-due';

/** "N words to review", only when some are due: the way into the review screen. */
export function ReviewDue() {
  const { t } = useI18n();
  const count = useReviewDue().data?.due_count ?? 0;
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="review-due"
      className="flex flex-col gap-4 rounded-3xl border-2 border-brand/40 bg-brand-soft p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <Brain aria-hidden="true" className="hidden size-10 shrink-0 text-brand-text sm:block" />
      <div className="flex-1">
        <h2 id="review-due" className="text-xl font-bold">
          {t('dashboard.reviewDue.title', { count })}
        </h2>
        <p className="text-muted">{t('dashboard.review.description')}</p>
      </div>
      <Link to={paths.app.review} className={buttonClasses({ className: 'self-stretch sm:self-center' })}>
        {t('dashboard.review.start')}
      </Link>
    </section>
  );
}
