import type { TargetLanguage } from '@parla/shared/content.schema';
import type { Exercise, SkipReason, StartLessonResponse } from '@parla/shared/lessons.schema';
import type { TutorAnswer } from '@parla/shared/tutor.schema';
import Lightbulb from 'lucide-react/icons/lightbulb';
import X from 'lucide-react/icons/x';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { canSynthesise, speechLocale } from '@/lib/speech';
import { useAnswerExercise } from '../api/answer-exercise';
import { useCompleteLesson } from '../api/complete-lesson';
import { useExerciseHint } from '../api/get-exercise-hint';
import { useSkipExercise } from '../api/skip-exercise';
import { hasRomanisation } from '../lesson-language';
import { type Answer, type ExerciseResult, markPractice } from '../lesson-rounds';
import { type AudioKind, useAudioPause } from '../use-audio-pause';
import { useRomanisation } from '../use-romanisation';
import { ExerciseFeedback } from './exercise-feedback';
import { FillBlankExercise } from './fill-blank-exercise';
import { LessonSummary } from './lesson-summary';
import { ListeningExercise } from './listening-exercise';
import { MultipleChoiceExercise } from './multiple-choice-exercise';
import { SpeakingExercise } from './speaking-exercise';
import { WordOrderExercise } from './word-order-exercise';

// The quit dialog (and the dialog library under it) is not part of the first exercise: it loads
// while the learner works, or when asked for.
const loadQuitDialog = () => import('./quit-dialog');
const QuitDialog = lazy(() => loadQuitDialog().then((module) => ({ default: module.QuitDialog })));

interface Props {
  lessonId: string;
  session: StartLessonResponse;
  /** The server's verdicts on exercises answered before (a resumed session). */
  recorded: Record<string, ExerciseResult>;
}

interface RoundState {
  round: 'first' | 'practice';
  index: number;
  /** This round's answers and verdicts. */
  answers: Record<string, { answer: Answer; result: ExerciseResult }>;
  finished: boolean;
  /** The last practice round's score, shown on the summary. */
  practiceScore: { correct: number; total: number } | undefined;
}

const AUDIO_KINDS: readonly AudioKind[] = ['listening', 'speaking'];
const isAudio = (exercise: Exercise): exercise is Extract<Exercise, { type: AudioKind }> =>
  exercise.type === 'listening' || exercise.type === 'speaking';

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName));

/** The exercises one by one, feedback after each, then the summary (spec §2, §4). */
export function LessonRunner({ lessonId, session, recorded: recordedAtStart }: Props) {
  const { t, language } = useI18n();
  const profile = useMe().data?.profile;
  const navigate = useNavigate();
  const exercises = session.exercises;
  const course = (exercises[0]?.metadata.target_language ?? profile?.target_language ?? 'es') as TargetLanguage;
  const [showRoman, setShowRoman] = useRomanisation();
  const [recorded, setRecorded] = useState(recordedAtStart);
  const [state, setState] = useState<RoundState>(() => {
    const firstOpen = exercises.findIndex((exercise) => !recordedAtStart[exercise.id]);
    return { round: 'first', index: Math.max(0, firstOpen), answers: {}, finished: firstOpen === -1, practiceScore: undefined };
  });
  const [quitOpen, setQuitOpen] = useState(false);
  const [quitRequested, setQuitRequested] = useState(false);
  const leave = useCallback(() => navigate(paths.app.dashboard), [navigate]);
  // On the summary the lesson is done: closing it is leaving, with nothing to confirm.
  const askToQuit = useCallback(() => {
    if (state.finished) return leave();
    setQuitRequested(true);
    setQuitOpen(true);
  }, [state.finished, leave]);
  const [announcement, setAnnouncement] = useState('');
  const [hints, setHints] = useState<Record<string, TutorAnswer>>({});
  const answerMutation = useAnswerExercise();
  const completeMutation = useCompleteLesson();
  const hintMutation = useExerciseHint();
  const skipMutation = useSkipExercise();
  const audioPause = useAudioPause();
  const [skipNote, setSkipNote] = useState<string | undefined>(undefined);
  // One id for the session's completion, kept on every retry: the server stores it once.
  const completeRequestId = useRef(crypto.randomUUID());
  const completionRequested = useRef(false);

  const exercise = exercises[state.index];
  const current = exercise ? state.answers[exercise.id] : undefined;
  const answeredInRound =
    state.round === 'first'
      ? exercises.filter((item) => recorded[item.id]).length
      : exercises.filter((item) => state.answers[item.id]).length;

  const announce = useCallback(
    (result: ExerciseResult) =>
      setAnnouncement(
        result.correct
          ? `${t('lesson.feedback.correct')} ${result.verdict === 'exact' ? '' : result.expected}`.trim()
          : `${t('lesson.feedback.incorrect')}. ${t('lesson.feedback.expected')} ${result.expected}`,
      ),
    [t],
  );

  const submit = useCallback(
    (target: Exercise, answer: Answer) => {
      if (state.answers[target.id] || answerMutation.isPending) return;
      const record = (result: ExerciseResult) => {
        setState((previous) => ({ ...previous, answers: { ...previous.answers, [target.id]: { answer, result } } }));
        setSkipNote(undefined);
        announce(result);
      };
      const first = recorded[target.id];
      if (state.round === 'practice' && first) {
        record(markPractice(target, answer, first, course));
        return;
      }
      answerMutation.mutate(
        { lessonId, exerciseId: target.id, session_id: session.session_id, answer, requestId: crypto.randomUUID() },
        {
          onSuccess: (result) => {
            setRecorded((previous) => ({ ...previous, [target.id]: result }));
            record(result);
          },
        },
      );
    },
    [state.answers, state.round, answerMutation, recorded, course, lessonId, session.session_id, announce],
  );

  /** The next exercise, or the summary after the last one. */
  const advance = useCallback(
    (previous: RoundState): RoundState => {
      if (previous.index + 1 < exercises.length) return { ...previous, index: previous.index + 1 };
      const results = Object.values(previous.answers).map((item) => item.result);
      const practiceScore =
        previous.round === 'practice'
          ? {
              correct: results.filter((result) => result.correct).length,
              total: exercises.length - results.filter((result) => result.skipped).length,
            }
          : previous.practiceScore;
      return { ...previous, finished: true, practiceScore };
    },
    [exercises.length],
  );

  const next = useCallback(() => {
    setAnnouncement('');
    answerMutation.reset();
    hintMutation.reset();
    setState(advance);
  }, [advance, answerMutation, hintMutation]);

  /**
   * Skips a listening or speaking item and moves on. The first round asks the server (the item
   * then counts neither way); the practice round only passes it by.
   */
  const skipping = useRef<string | undefined>(undefined);
  const skip = useCallback(
    (target: Exercise, reason: SkipReason) => {
      if (state.answers[target.id] || skipping.current === target.id) return;
      skipping.current = target.id;
      const passOver = (result: ExerciseResult) => {
        skipping.current = undefined;
        setAnnouncement('');
        hintMutation.reset();
        setSkipNote(t('lesson.skip.done'));
        setState((previous) => {
          // Only the exercise still on screen moves the lesson on.
          if (exercises[previous.index]?.id !== target.id || previous.answers[target.id]) return previous;
          return advance({ ...previous, answers: { ...previous.answers, [target.id]: { answer: [], result } } });
        });
      };
      const first = recorded[target.id];
      if (state.round === 'practice' && first) {
        passOver({ ...first, correct: false, verdict: 'skipped', skipped: reason });
        return;
      }
      skipMutation.mutate(
        { lessonId, exerciseId: target.id, session_id: session.session_id, reason, requestId: crypto.randomUUID() },
        {
          onSuccess: (result) => {
            setRecorded((previous) => ({ ...previous, [target.id]: result }));
            passOver(result);
          },
          onError: () => {
            skipping.current = undefined;
          },
        },
      );
    },
    [state.answers, state.round, skipMutation, recorded, lessonId, session.session_id, exercises, advance, hintMutation, t],
  );

  // Audio items the learner cannot do now are skipped as they come: listening and speaking
  // switched off for the hour, or listening where the browser cannot speak at all.
  const autoSkipReason: SkipReason | undefined =
    exercise && !state.finished && !current && isAudio(exercise)
      ? audioPause.isPaused(exercise.type)
        ? exercise.type === 'listening'
          ? 'cant_listen'
          : 'cant_speak'
        : exercise.type === 'listening' && !canSynthesise()
          ? 'unsupported'
          : undefined
      : undefined;
  useEffect(() => {
    if (exercise && autoSkipReason && !skipMutation.isError) skip(exercise, autoSkipReason);
  }, [exercise, autoSkipReason, skip, skipMutation.isError]);

  const pausedKinds = AUDIO_KINDS.filter((kind) => audioPause.isPaused(kind) && exercises.some((item) => item.type === kind));
  const timeFormat = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });

  const { mutate: complete } = completeMutation;
  const recordCompletion = useCallback(
    () => complete({ lessonId, sessionId: session.session_id, requestId: completeRequestId.current }),
    [complete, lessonId, session.session_id],
  );

  // The lesson is recorded the moment its last item has the server's verdict (an answer or a
  // skip), not when the learner leaves the summary: Back, a link or a closed tab must not lose it.
  // A resumed session whose items were all answered before is recorded as soon as it opens.
  const everyItemRecorded = exercises.every((item) => recorded[item.id]);
  useEffect(() => {
    if (!everyItemRecorded || completionRequested.current) return;
    completionRequested.current = true;
    recordCompletion();
  }, [everyItemRecorded, recordCompletion]);

  // Try again replays the same exercises as a practice round marked here, against the answers the
  // server revealed: the session is already completed with the first answers, so nothing is sent.
  const tryAgain = () => {
    skipMutation.reset();
    setSkipNote(undefined);
    setState((previous) => ({ ...previous, round: 'practice', index: 0, answers: {}, finished: false }));
  };

  // Escape asks before leaving; Enter continues after feedback wherever the focus is.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (quitOpen || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        askToQuit();
      } else if (event.key === 'Enter' && current && !state.finished && !isEditable(event.target)) {
        event.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [quitOpen, current, state.finished, next, askToQuit]);

  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => void loadQuitDialog().catch(() => undefined));
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);

  const total = exercises.length;
  const progress = state.finished ? total : Math.min(total, answeredInRound);
  const hint = exercise ? hints[exercise.id] : undefined;

  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="sticky top-0 z-10 border-b border-line bg-canvas/95 backdrop-blur">
        <div className="mx-auto flex w-full max-w-3xl items-center gap-3 px-4 py-3">
          <button
            type="button"
            onClick={askToQuit}
            onPointerEnter={() => void loadQuitDialog().catch(() => undefined)}
            onFocus={() => void loadQuitDialog().catch(() => undefined)}
            aria-label={t('lesson.quit.open')}
            className="-ms-2 rounded-full p-2 text-muted transition hover:bg-surface-muted hover:text-fg"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
          <ProgressBar
            label={t('lesson.progress.label')}
            value={progress}
            max={total}
            valueText={t('lesson.progress.value', { done: progress, total })}
            size="lg"
            className="flex-1"
          />
          <span className="min-w-12 text-end text-sm font-semibold text-muted" aria-hidden="true">
            {progress}/{total}
          </span>
        </div>
      </header>

      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-6 focus:outline-none sm:py-10"
      >
        <h1 className="sr-only">{session.lesson.title}</h1>
        {state.finished ? (
          <LessonSummary
            completion={completeMutation.data}
            practice={state.practiceScore}
            saveFailed={completeMutation.isError}
            onRetrySave={recordCompletion}
            onContinue={leave}
            onTryAgain={tryAgain}
          />
        ) : exercise ? (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="flex flex-col gap-1">
                {state.round === 'practice' ? (
                  <Chip as="p" tone="accent">
                    {t('lesson.practice.badge')}
                  </Chip>
                ) : null}
                <h2 lang={exercise.instruction_language} className="text-2xl font-bold tracking-tight">
                  {exercise.instruction}
                </h2>
                <p className="text-sm text-muted">{t('lesson.progress.value', { done: state.index + 1, total })}</p>
              </div>
              {hasRomanisation(course) || isAudio(exercise) ? (
                <div className="flex w-full flex-col sm:w-auto">
                  {hasRomanisation(course) ? (
                    <Switch label={t('lesson.romanisation.label')} checked={showRoman} onCheckedChange={setShowRoman} />
                  ) : null}
                  {isAudio(exercise) && !current ? (
                    <Switch
                      label={t(exercise.type === 'listening' ? 'lesson.audio.cantListen' : 'lesson.audio.cantSpeak')}
                      description={t('lesson.audio.forAnHour')}
                      checked={audioPause.isPaused(exercise.type)}
                      disabled={skipMutation.isPending}
                      onCheckedChange={(on) => (on ? audioPause.pause(exercise.type) : audioPause.resume(exercise.type))}
                    />
                  ) : null}
                </div>
              ) : null}
            </div>

            {skipNote || pausedKinds.length > 0 ? (
              <div role="status" className="flex flex-col gap-2 rounded-2xl bg-surface-muted px-4 py-3 text-sm">
                {skipNote ? <p>{skipNote}</p> : null}
                {pausedKinds.map((kind) => (
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

            <div key={`${state.round}-${exercise.id}`} className="flex flex-col gap-6">
              {exercise.type === 'multiple-choice' ? (
                <MultipleChoiceExercise
                  exercise={exercise}
                  course={course}
                  showRoman={showRoman}
                  chosen={typeof current?.answer === 'string' ? current.answer : undefined}
                  result={current?.result}
                  disabled={answerMutation.isPending}
                  keyboardActive={!quitOpen}
                  onAnswer={(optionId) => submit(exercise, optionId)}
                />
              ) : exercise.type === 'fill-blank' ? (
                <FillBlankExercise
                  exercise={exercise}
                  course={course}
                  showRoman={showRoman}
                  submitted={typeof current?.answer === 'string' ? current.answer : undefined}
                  disabled={answerMutation.isPending}
                  onAnswer={(text) => submit(exercise, text)}
                />
              ) : exercise.type === 'listening' ? (
                <ListeningExercise
                  exercise={exercise}
                  course={course}
                  speechLocale={speechLocale(course)}
                  submitted={Array.isArray(current?.answer) ? current.answer : undefined}
                  disabled={answerMutation.isPending || autoSkipReason !== undefined}
                  onAnswer={(words) => submit(exercise, words)}
                />
              ) : exercise.type === 'speaking' ? (
                <SpeakingExercise
                  exercise={exercise}
                  course={course}
                  speechLocale={speechLocale(course)}
                  showRoman={showRoman}
                  submitted={Array.isArray(current?.answer) ? current.answer : undefined}
                  heard={current?.result.heard}
                  disabled={answerMutation.isPending || skipMutation.isPending || autoSkipReason !== undefined}
                  onAnswer={(transcripts) => submit(exercise, transcripts)}
                  onSkip={() => skip(exercise, 'unsupported')}
                />
              ) : (
                <WordOrderExercise
                  exercise={exercise}
                  course={course}
                  submitted={Array.isArray(current?.answer) ? current.answer : undefined}
                  disabled={answerMutation.isPending}
                  onAnswer={(words) => submit(exercise, words)}
                />
              )}

              {answerMutation.isError ? (
                <p role="alert" className="font-semibold text-danger">
                  {t('lesson.answer.failed')}
                </p>
              ) : null}
              {skipMutation.isError ? (
                <p role="alert" className="flex flex-wrap items-center gap-3 font-semibold text-danger">
                  {t('lesson.skip.failed')}
                  <button
                    type="button"
                    onClick={() => skipMutation.reset()}
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
                  isLast={state.index + 1 === total}
                  onContinue={next}
                />
              ) : (
                <div className="flex flex-col items-start gap-2">
                  {hint ? (
                    <p lang={hint.language} className="flex items-start gap-2 rounded-2xl bg-brand-soft p-3 text-fg">
                      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                      <span>
                        <span className="sr-only">{t('lesson.hint.title')}: </span>
                        {hint.text}
                      </span>
                    </p>
                  ) : (
                    <button
                      type="button"
                      disabled={hintMutation.isPending}
                      onClick={() =>
                        hintMutation.mutate(
                          { exerciseId: exercise.id, sessionId: session.session_id },
                          { onSuccess: (answer) => setHints((previous) => ({ ...previous, [exercise.id]: answer })) },
                        )
                      }
                      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ms-3' })}
                    >
                      <Lightbulb aria-hidden="true" className="size-4 text-accent" />
                      {t(hintMutation.isPending ? 'lesson.hint.loading' : 'lesson.hint.button')}
                    </button>
                  )}
                  {hintMutation.isError && !hint ? <p className="text-sm text-danger">{t('lesson.hint.failed')}</p> : null}
                </div>
              )}
            </div>
          </>
        ) : null}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </main>

      {quitRequested ? (
        <Suspense fallback={null}>
          <QuitDialog open={quitOpen} onOpenChange={setQuitOpen} onQuit={leave} />
        </Suspense>
      ) : null}
    </div>
  );
}
