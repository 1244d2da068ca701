import Crown from 'lucide-react/icons/crown';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { LessonMessage } from './lesson-message';

/** The free plan's one session a day is used: when the next one comes, and what Premium offers. */
export function DailyLimitScreen({ resetsAt }: { resetsAt: Date }) {
  const { t, language } = useI18n();
  const time = new Intl.DateTimeFormat(language, { weekday: 'long', hour: 'numeric', minute: '2-digit' }).format(resetsAt);
  return (
    <LessonMessage icon="⏳" title={t('lesson.limit.title')}>
      <p className="text-muted">{t('lesson.limit.text')}</p>
      <p className="font-semibold">
        {t('lesson.limit.resets')} <time dateTime={resetsAt.toISOString()}>{time}</time>
      </p>
      <div className="flex w-full flex-col gap-2 rounded-2xl bg-brand-soft p-4 text-start">
        <p className="flex items-center gap-2 font-bold text-brand-text">
          <Crown aria-hidden="true" className="size-5" />
          {t('lesson.limit.premiumTitle')}
        </p>
        <p>{t('lesson.limit.premium')}</p>
      </div>
      <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        {t('lesson.limit.back')}
      </Link>
    </LessonMessage>
  );
}
