import Check from 'lucide-react/icons/check';
import Crown from 'lucide-react/icons/crown';
import Zap from 'lucide-react/icons/zap';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { LessonMessage } from './lesson-message';

const PREMIUM_BENEFITS = ['lesson.limit.benefit.unlimited', 'lesson.limit.benefit.replay'] as const;

/** The reset's day and time in the interface language and the learner's time zone (the device's if unknown). */
function formatReset(resetsAt: Date, language: string, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(language, timeZone ? { ...options, timeZone } : options).format(resetsAt);
  } catch {
    return new Intl.DateTimeFormat(language, options).format(resetsAt);
  }
}

/**
 * The free plan's one session a day is used: when the next one comes, what Premium gives, that it
 * cannot be bought in the app yet (no checkout exists), and quick practice, which is always open.
 */
export function DailyLimitScreen({ resetsAt }: { resetsAt: Date }) {
  const { t, language } = useI18n();
  const time = formatReset(resetsAt, language, useMe().data?.profile.timezone);
  return (
    <LessonMessage icon="⏳" title={t('lesson.limit.title')}>
      <p className="text-muted">{t('lesson.limit.text')}</p>
      <p className="font-semibold">
        {t('lesson.limit.resets')} <time dateTime={resetsAt.toISOString()}>{time}</time>
      </p>
      <section aria-labelledby="premium-title" className="flex w-full flex-col gap-2 rounded-2xl bg-brand-soft p-4 text-start">
        <h2 id="premium-title" className="flex items-center gap-2 font-bold text-brand-text">
          <Crown aria-hidden="true" className="size-5" />
          {t('lesson.limit.premiumTitle')}
        </h2>
        <p>{t('lesson.limit.premium')}</p>
        <ul className="flex flex-col gap-1">
          {PREMIUM_BENEFITS.map((key) => (
            <li key={key} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {t(key)}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">{t('lesson.limit.notForSale')}</p>
      </section>
      <Link to={paths.app.practice} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
        <Zap aria-hidden="true" className="size-5" />
        {t('lesson.limit.practice')}
      </Link>
      <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        {t('lesson.limit.back')}
      </Link>
    </LessonMessage>
  );
}
