import type { CourseLesson, CourseUnit, ListLessonsResponse } from '@parla/shared/lessons.schema';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Lock from 'lucide-react/icons/lock';
import Play from 'lucide-react/icons/play';
import Zap from 'lucide-react/icons/zap';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { PageHeader } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RetryPanel } from '@/components/ui/retry-panel';
import { paths } from '@/config/paths';
import { courseName } from '@/lib/course-labels';
import { type DailyAllowanceView, useResetTime } from '@/lib/daily-allowance';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { useCourseMap } from '../api/get-course-map';
import { type CourseMapAction, courseMapAction } from '../course-map-rules';

const STATE_TONES = { done: 'success', next: 'brand', open: 'neutral', locked: 'muted' } as const;

function StateIcon({ state }: { state: CourseLesson['state'] }) {
  const className = 'size-5';
  if (state === 'done') return <CircleCheck aria-hidden="true" className={`${className} text-success`} />;
  if (state === 'locked') return <Lock aria-hidden="true" className={`${className} text-muted`} />;
  return <Play aria-hidden="true" className={`${className} text-brand-text rtl:-scale-x-100`} />;
}

function LessonAction({
  lesson,
  action,
  describedBy,
  resetsAt,
}: {
  lesson: CourseLesson;
  action: CourseMapAction;
  describedBy: string;
  resetsAt: string;
}) {
  const { t } = useI18n();
  const time = useResetTime(resetsAt);
  if (action === 'locked') return null;
  if (action === 'tomorrow') {
    return (
      <p className="flex items-center gap-1.5 text-sm font-semibold text-muted sm:max-w-48 sm:text-end">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        {t('daily.availableTomorrow', { time })}
      </p>
    );
  }
  return (
    <Link
      to={`${paths.app.lesson}/${encodeURIComponent(lesson.id)}`}
      aria-describedby={describedBy}
      className={buttonClasses({
        variant: action === 'replay' ? 'secondary' : 'primary',
        size: 'sm',
        className: 'self-stretch sm:self-center',
      })}
    >
      {t(`learn.action.${action}`)}
      <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
    </Link>
  );
}

function LessonRow({ lesson, daily }: { lesson: CourseLesson; daily: DailyAllowanceView }) {
  const { t, language } = useI18n();
  const titleId = useId();
  const action = courseMapAction(lesson, daily);
  const score = new Intl.NumberFormat(language, { style: 'percent' }).format(lesson.progress / 100);
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border bg-surface p-4 sm:flex-row sm:items-center ${
        lesson.state === 'next' ? 'border-brand shadow-sm' : 'border-line'
      }`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 shrink-0">
          <StateIcon state={lesson.state} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={titleId} className="font-bold leading-tight">
            <span dir="auto">{lesson.title}</span>
          </h3>
          <p className="text-sm text-muted" dir="auto">
            {lesson.description}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Chip size="sm" tone={STATE_TONES[lesson.state]}>
              {t(`learn.state.${lesson.state}`)}
            </Chip>
            {lesson.state === 'done' ? (
              <span className="text-xs font-semibold text-muted">{t('learn.bestScore', { score })}</span>
            ) : null}
          </div>
        </div>
      </div>
      <LessonAction lesson={lesson} action={action} describedBy={titleId} resetsAt={daily.resets_at} />
    </li>
  );
}

function UnitWords({ unit, course }: { unit: CourseUnit; course: string }) {
  const { t, language } = useI18n();
  if (unit.words.length === 0) return null;
  return (
    <details className="group rounded-2xl border border-line bg-surface-muted/60">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-2xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
        <span>{t('learn.words', { count: new Intl.NumberFormat(language).format(unit.words.length) })}</span>
        <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90 rtl:-scale-x-100" />
      </summary>
      <ul className="grid gap-x-4 gap-y-2 px-4 pb-4 sm:grid-cols-2">
        {unit.words.map((word) => (
          <li key={word.id} className="flex flex-wrap items-baseline gap-x-2 border-b border-line/60 py-1.5">
            <span lang={course} dir="auto" className="font-bold">
              {word.text}
            </span>
            {word.roman ? (
              <span dir="auto" className="text-sm text-muted">
                {word.roman}
              </span>
            ) : null}
            <span dir="auto" className="ms-auto text-sm">
              {word.translation}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function UnitSection({ unit, index, data }: { unit: CourseUnit; index: number; data: ListLessonsResponse }) {
  const { t, language } = useI18n();
  const headingId = useId();
  const number = new Intl.NumberFormat(language);
  const done = unit.lessons.filter((lesson) => lesson.state === 'done').length;
  const locked = unit.lessons.every((lesson) => lesson.state === 'locked');
  const doneText = t('learn.lessonsDone', { done: number.format(done), total: number.format(unit.lessons.length) });
  return (
    <li>
      <section
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-4 shadow-sm sm:p-5"
      >
        <header className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className={`grid size-12 shrink-0 place-items-center rounded-2xl text-2xl ${locked ? 'bg-surface-muted grayscale' : 'bg-brand-soft'}`}
          >
            {unit.icon}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-bold uppercase tracking-wide text-muted">
              {t('learn.unit', { number: number.format(index + 1) })}
            </p>
            <h2 id={headingId} className="text-lg font-bold leading-tight">
              <span dir="auto">{unit.title}</span>
            </h2>
          </div>
          {locked ? <Lock role="img" aria-label={t('learn.state.locked')} className="size-5 shrink-0 text-muted" /> : null}
        </header>
        <div className="flex items-center gap-3">
          <ProgressBar
            label={doneText}
            value={Math.round((done / Math.max(1, unit.lessons.length)) * 100)}
            size="sm"
            tone="success"
            className="flex-1"
          />
          <span className="text-xs font-semibold text-muted">{doneText}</span>
        </div>
        {locked ? <p className="text-sm text-muted">{t('learn.lockedHint')}</p> : null}
        <ol className="flex flex-col gap-2">
          {unit.lessons.map((lesson) => (
            <LessonRow key={lesson.id} lesson={lesson} daily={data.daily} />
          ))}
        </ol>
        <UnitWords unit={unit} course={data.course} />
      </section>
    </li>
  );
}

function DailyLimitBanner({ resetsAt }: { resetsAt: string }) {
  const { t } = useI18n();
  const time = useResetTime(resetsAt);
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-muted p-4 sm:flex-row sm:items-center"
    >
      <Clock aria-hidden="true" className="size-6 shrink-0 text-brand-text" />
      <p className="flex-1">
        <strong>{t('daily.availableTomorrow', { time })}</strong> {t('learn.limitHint')}
      </p>
    </div>
  );
}

function CourseMapContent({ data }: { data: ListLessonsResponse }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const lessons = data.units.flatMap((unit) => unit.lessons);
  const done = lessons.filter((lesson) => lesson.state === 'done').length;
  const usedUp = data.daily.lessons_left_today !== null && data.daily.lessons_left_today <= 0;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('learn.title')}
        subtitle={t('learn.subtitle', { language: courseName(data.course, language) })}
        actions={
          <Link to={paths.app.practice} className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}>
            <Zap aria-hidden="true" className="size-4" />
            {t('learn.practice')}
          </Link>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Chip tone="success" icon={<CircleCheck aria-hidden="true" className="size-4" />}>
            {t('learn.lessonsDone', { done: number.format(done), total: number.format(lessons.length) })}
          </Chip>
          {data.daily.lessons_left_today !== null ? (
            <Chip tone="brand">{t('dashboard.plan.left', { count: number.format(data.daily.lessons_left_today) })}</Chip>
          ) : null}
        </div>
      </PageHeader>
      {usedUp ? <DailyLimitBanner resetsAt={data.daily.resets_at} /> : null}
      <ol className="flex flex-col gap-5" aria-label={t('learn.unitsLabel')}>
        {data.units.map((unit, index) => (
          <UnitSection key={unit.id} unit={unit} index={index} data={data} />
        ))}
      </ol>
    </div>
  );
}

/** The course map (issue 14): the course's units in order with each lesson's state, replays and words. */
export function CourseMap() {
  const { t } = useI18n();
  const map = useCourseMap();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      {map.data ? (
        <CourseMapContent data={map.data} />
      ) : map.isError ? (
        <RetryPanel message={t('learn.loadFailed')} retryLabel={t('dashboard.retry')} onRetry={() => void map.refetch()} />
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            {t('common.loading')}
          </p>
          {['h-16', 'h-64', 'h-64'].map((height, index) => (
            <div key={`${height}-${index}`} className={`${height} rounded-3xl bg-surface-muted motion-safe:animate-pulse`} />
          ))}
        </div>
      )}
    </div>
  );
}
