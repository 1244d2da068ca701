import Lightbulb from 'lucide-react/icons/lightbulb';
import { buttonClasses } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { Switch } from '@/components/ui/switch';
import { useI18n } from '@/lib/i18n/language-context';
import { speechLocale } from '@/lib/speech';
import { hasRomanisation } from '../lesson-language';
import { isAudio, type LessonRun } from '../use-lesson-run';
import { ExerciseFeedback } from './exercise-feedback';
import { ExerciseView } from './exercise-view';

interface Props {
  run: LessonRun;
  showRoman: boolean;
  onShowRomanChange(show: boolean): void;
  /** Number keys choose an option (not while the quit dialog is open). */
  keyboardActive: boolean;
}

/**
 * The exercise on screen: its instruction and switches (romanisation, "can't listen/speak now"),
 * the notes about skipped and paused audio, the exercise's own view, then its feedback, or the
 * hint while it is unanswered.
 */
export function ExerciseStep({ run, showRoman, onShowRomanChange, keyboardActive }: Props) {
  const { t, language } = useI18n();
  const { exercise, current, course, audioPause, total } = run;
  if (!exercise) return null;
  const timeFormat = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
  const { hint } = run;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          {run.round === 'practice' ? (
            <Chip as="p" tone="accent">
              {t('lesson.practice.badge')}
            </Chip>
          ) : null}
          <h2 lang={exercise.instruction_language} className="text-2xl font-bold tracking-tight">
            {exercise.instruction}
          </h2>
          <p className="text-sm text-muted">{t('lesson.progress.value', { done: run.index + 1, total })}</p>
        </div>
        {hasRomanisation(course) || isAudio(exercise) ? (
          <div className="flex w-full flex-col sm:w-auto">
            {hasRomanisation(course) ? (
              <Switch label={t('lesson.romanisation.label')} checked={showRoman} onCheckedChange={onShowRomanChange} />
            ) : null}
            {isAudio(exercise) && !current ? (
              <Switch
                label={t(exercise.type === 'listening' ? 'lesson.audio.cantListen' : 'lesson.audio.cantSpeak')}
                description={t('lesson.audio.forAnHour')}
                checked={audioPause.isPaused(exercise.type)}
                disabled={run.skipping.isPending}
                onCheckedChange={(on) => (on ? audioPause.pause(exercise.type) : audioPause.resume(exercise.type))}
              />
            ) : null}
          </div>
        ) : null}
      </div>

      {run.skipNote || run.pausedKinds.length > 0 ? (
        <div role="status" className="flex flex-col gap-2 rounded-2xl bg-surface-muted px-4 py-3 text-sm">
          {run.skipNote ? <p>{run.skipNote}</p> : null}
          {run.pausedKinds.map((kind) => (
            <p key={kind} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>
                {t(kind === 'listening' ? 'lesson.audio.listeningOff' : 'lesson.audio.speakingOff', {
                  time: timeFormat.format(audioPause.until[kind] ?? Date.now()),
                })}
              </span>
              <button
                type="button"
                onClick={() => audioPause.resume(kind)}
                className="font-semibold text-brand-text underline underline-offset-2"
              >
                {t('lesson.audio.turnBackOn')}
              </button>
            </p>
          ))}
        </div>
      ) : null}

      {/* A new exercise, or the same one in a new round, starts from a clean view. */}
      <div key={`${run.round}-${exercise.id}`} className="flex flex-col gap-6">
        <ExerciseView
          exercise={exercise}
          course={course}
          showRoman={showRoman}
          current={current}
          answering={run.answer.isPending}
          skipping={run.skipping.isPending}
          autoSkipping={run.autoSkipReason !== undefined}
          keyboardActive={keyboardActive}
          onAnswer={(answer) => run.submit(exercise, answer)}
          onSkip={() => run.skip(exercise, 'unsupported')}
        />

        {run.answer.isError ? (
          <p role="alert" className="font-semibold text-danger">
            {t('lesson.answer.failed')}
          </p>
        ) : null}
        {run.skipping.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-3 font-semibold text-danger">
            {t('lesson.skip.failed')}
            <button
              type="button"
              onClick={() => run.skipping.reset()}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {t('lesson.summary.tryAgain')}
            </button>
          </p>
        ) : null}

        {current ? (
          <ExerciseFeedback
            result={current.result}
            course={course}
            speechLocale={speechLocale(course)}
            isLast={run.index + 1 === total}
            onContinue={run.next}
          />
        ) : (
          <div className="flex flex-col items-start gap-2">
            {hint ? (
              <p lang={hint.language} className="flex items-start gap-2 rounded-2xl bg-brand-soft p-3 text-fg">
                <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                <span>
                  <span className="sr-only">{t('lesson.hint.title')}: </span>
                  <bdi>{hint.text}</bdi>
                </span>
              </p>
            ) : (
              <button
                type="button"
                disabled={run.hinting.isPending}
                onClick={() => run.askForHint(exercise)}
                className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ms-3' })}
              >
                <Lightbulb aria-hidden="true" className="size-4 text-accent" />
                {t(run.hinting.isPending ? 'lesson.hint.loading' : 'lesson.hint.button')}
              </button>
            )}
            {run.hinting.isError && !hint ? <p className="text-sm text-danger">{t('lesson.hint.failed')}</p> : null}
          </div>
        )}
      </div>
    </>
  );
}
