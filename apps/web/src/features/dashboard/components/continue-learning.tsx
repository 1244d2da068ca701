import type { LessonSummary } from '@parla/shared/lessons.schema';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import MapIcon from 'lucide-react/icons/map';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { type DailyAllowanceView, lessonAvailability, useResetTime } from '@/lib/daily-allowance';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { lessonAction } from '../dashboard-rules';

function LessonRow({ lesson, daily }: { lesson: LessonSummary; daily: DailyAllowanceView }) {
  const { t, language } = useI18n();
  const titleId = useId();
  const availability = lessonAvailability(lesson.id, daily);
  const action = availability === 'continue' ? 'continue' : lessonAction(lesson);
  const time = useResetTime(daily.resets_at);
  const percent = new Intl.NumberFormat(language, { style: 'percent' }).format(lesson.progress / 100);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-soft text-2xl">
          {lesson.icon}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={titleId} className="flex items-center gap-2 text-lg font-bold leading-tight">
            <span dir="auto">{lesson.title}</span>
            {lesson.completed ? (
              <CircleCheck aria-label={t('dashboard.lesson.completed')} role="img" className="size-5 shrink-0 text-success" />
            ) : null}
          </h3>
          <p className="text-sm text-muted" dir="auto">
            {lesson.description}
          </p>
          <p className="text-sm font-medium text-muted">
            {t('dashboard.lesson.meta', { minutes: lesson.duration, xp: lesson.xp_reward })}
          </p>
          {lesson.progress > 0 ? (
            <div className="mt-1 flex items-center gap-2">
              <ProgressBar
                label={t('dashboard.lesson.bestScore')}
                value={lesson.progress}
                size="sm"
                tone={lesson.completed ? 'success' : 'brand'}
                className="flex-1"
              />
              <span className="text-xs font-semibold text-muted">{percent}</span>
            </div>
          ) : null}
        </div>
      </div>
      {availability === 'tomorrow' && action !== 'review' ? (
        // The day's free lesson is used: say when lessons come back rather than offer a Start that leads to the limit.
        <p className="flex items-center gap-1.5 self-start text-sm font-semibold text-muted sm:max-w-48 sm:self-center sm:text-end">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {t('daily.availableTomorrow', { time })}
        </p>
      ) : (
        <Link
          // A finished lesson's Review goes over its words in the review screen (issue 15): no new
          // lesson session, so it stays open after the free plan's lesson of the day.
          to={
            action === 'review'
              ? `${paths.app.review}?lesson=${encodeURIComponent(lesson.id)}`
              : `${paths.app.lesson}/${encodeURIComponent(lesson.id)}`
          }
          aria-describedby={titleId}
          className={buttonClasses({
            variant: action === 'review' ? 'secondary' : 'primary',
            size: 'sm',
            className: 'self-stretch sm:self-center',
          })}
        >
          {t(`dashboard.lesson.${action}`)}
          <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </Link>
      )}
    </li>
  );
}

/**
 * Spec §2: the next three lessons with start / continue / review, then finished lessons to review,
 * so a completed lesson stays at hand (issue 14); the course map has the whole course and replays.
 */
export function ContinueLearning({
  lessons,
  review,
  daily,
}: {
  lessons: LessonSummary[];
  review: LessonSummary[];
  daily: DailyAllowanceView;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="continue-learning" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="continue-learning" className="text-xl font-bold">
          {t('dashboard.continue.title')}
        </h2>
        <Link to={paths.app.learn} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <MapIcon aria-hidden="true" className="size-4" />
          {t('dashboard.courseMap')}
        </Link>
      </div>
      {lessons.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {lessons.map((lesson) => (
            <LessonRow key={lesson.id} lesson={lesson} daily={daily} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">{t('dashboard.continue.empty')}</p>
      )}
      {review.length > 0 ? (
        <>
          <h3 className="mt-2 text-lg font-bold">{t('dashboard.review.title')}</h3>
          <ul className="flex flex-col gap-3" aria-label={t('dashboard.review.title')}>
            {review.map((lesson) => (
              <LessonRow key={lesson.id} lesson={lesson} daily={daily} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
