import type { StartLessonResponse } from '@parla/shared/lessons.schema';
import { startOfNextLocalDay } from '@parla/shared/streak';
import { useEffect, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth/get-me';
import { useI18n } from '@/lib/i18n/language-context';
import { useStartLesson } from '../api/start-lesson';
import type { ExerciseResult } from '../lesson-rounds';
import { DailyLimitScreen } from './daily-limit-screen';
import { LessonError } from './lesson-error';
import { LessonRunner } from './lesson-runner';

type PlayerState =
  | { kind: 'starting' }
  | { kind: 'ready'; session: StartLessonResponse; recorded: Record<string, ExerciseResult> }
  | { kind: 'limit'; resetsAt: Date }
  | { kind: 'error' };

/**
 * Starts (or resumes) the lesson on the server, then runs it. The waiting screen shows the real
 * steps — the server building the exercises, then any answers of a resumed session coming back —
 * and nothing more: no staged theatre (DESIGN §7).
 */
export function LessonPlayer({ lessonId }: { lessonId: string }) {
  const timezone = useMe().data?.profile.timezone;
  const { mutateAsync: start } = useStartLesson();
  const [state, setState] = useState<PlayerState>({ kind: 'starting' });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let session: StartLessonResponse;
      try {
        session = await start(lessonId);
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError && error.code === 'daily_limit_reached') {
          setState({
            kind: 'limit',
            resetsAt: error.resetsAt ? new Date(error.resetsAt) : startOfNextLocalDay(new Date(), timezone || 'UTC'),
          });
        } else setState({ kind: 'error' });
        return;
      }
      if (cancelled) return;
      if (session.exercises.length === 0) {
        setState({ kind: 'error' });
        return;
      }
      // A resumed session comes with the stored verdict of every exercise already answered.
      const recorded: Record<string, ExerciseResult> = Object.fromEntries(
        session.results.map((result) => [result.exercise_id, result]),
      );
      if (!cancelled) setState({ kind: 'ready', session, recorded });
    })();
    return () => {
      cancelled = true;
    };
  }, [lessonId, start, timezone]);

  if (state.kind === 'limit') return <DailyLimitScreen resetsAt={state.resetsAt} />;
  if (state.kind === 'error') return <LessonError />;
  if (state.kind === 'ready') return <LessonRunner lessonId={lessonId} session={state.session} recorded={state.recorded} />;
  return <LessonGenerating />;
}

/** While the server generates the lesson: an indeterminate bar, since the wait is one request. */
function LessonGenerating() {
  const { t } = useI18n();
  const message = t('lesson.generating.starting');
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-canvas px-4">
      <div className="flex w-full max-w-sm flex-col items-center gap-5 text-center">
        <div aria-hidden="true" className="text-5xl motion-safe:animate-bounce">
          📚
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{t('lesson.generating.title')}</h1>
        <ProgressBar label={t('lesson.generating.title')} valueText={message} className="w-full" />
        <p role="status" className="text-muted">
          {message}
        </p>
      </div>
    </main>
  );
}
