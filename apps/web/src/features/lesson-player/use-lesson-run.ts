import type { TargetLanguage } from '@parla/shared/content.schema';
import type { Exercise, SkipReason, StartLessonResponse } from '@parla/shared/lessons.schema';
import type { TutorAnswer } from '@parla/shared/tutor.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { canSynthesise } from '@/lib/speech';
import { useAnswerExercise } from './api/answer-exercise';
import { useCompleteLesson } from './api/complete-lesson';
import { useExerciseHint } from './api/get-exercise-hint';
import { useSkipExercise } from './api/skip-exercise';
import { type Answer, type ExerciseResult, markPractice } from './lesson-rounds';
import { type AudioKind, useAudioPause } from './use-audio-pause';

export interface LessonRunOptions {
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

export const isAudio = (exercise: Exercise): exercise is Extract<Exercise, { type: AudioKind }> =>
  exercise.type === 'listening' || exercise.type === 'speaking';

export type LessonRun = ReturnType<typeof useLessonRun>;

/**
 * A lesson's run, without its look: which exercise is on screen, answering it (the server marks the
 * first round; a practice round after "Try again" is marked here against the answers the server
 * revealed), skipping audio items, hints, feedback, the move to the next item and the summary, and
 * recording the completion the moment the last item has the server's verdict.
 */
export function useLessonRun({ lessonId, session, recorded: recordedAtStart }: LessonRunOptions) {
  const { t } = useI18n();
  const profile = useMe().data?.profile;
  const exercises = session.exercises;
  const course = (exercises[0]?.metadata.target_language ?? profile?.target_language ?? 'es') as TargetLanguage;
  const [recorded, setRecorded] = useState(recordedAtStart);
  const [state, setState] = useState<RoundState>(() => {
    const firstOpen = exercises.findIndex((exercise) => !recordedAtStart[exercise.id]);
    return { round: 'first', index: Math.max(0, firstOpen), answers: {}, finished: firstOpen === -1, practiceScore: undefined };
  });
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

  const askForHint = (target: Exercise) =>
    hintMutation.mutate(
      { exerciseId: target.id, sessionId: session.session_id },
      { onSuccess: (answer) => setHints((previous) => ({ ...previous, [target.id]: answer })) },
    );

  const total = exercises.length;
  return {
    course,
    total,
    round: state.round,
    /** The position of the exercise on screen, from 0. */
    index: state.index,
    exercise,
    /** The answer given to the exercise on screen in this round, with its verdict. */
    current,
    finished: state.finished,
    practiceScore: state.practiceScore,
    /** Items with a verdict in this round (the whole lesson once it is finished). */
    progress: state.finished ? total : Math.min(total, answeredInRound),
    /** What the live region says about the last verdict. */
    announcement,
    skipNote,
    hint: exercise ? hints[exercise.id] : undefined,
    audioPause,
    pausedKinds,
    autoSkipReason,
    answer: answerMutation,
    skipping: skipMutation,
    hinting: hintMutation,
    completion: completeMutation,
    submit,
    skip,
    next,
    tryAgain,
    askForHint,
    recordCompletion,
  };
}
