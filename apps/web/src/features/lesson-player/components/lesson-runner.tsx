import X from 'lucide-react/icons/x';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { type LessonRunOptions, useLessonRun } from '../use-lesson-run';
import { useRomanisation } from '../use-romanisation';
import { ExerciseStep } from './exercise-step';
import { LessonSummary } from './lesson-summary';

// The quit dialog (and the dialog library under it) is not part of the first exercise: it loads
// while the learner works, or when asked for.
const loadQuitDialog = () => import('./quit-dialog');
const QuitDialog = lazy(() => loadQuitDialog().then((module) => ({ default: module.QuitDialog })));

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName));

/**
 * The exercises one by one, feedback after each, then the summary (spec §2, §4): the screen around
 * the run (useLessonRun) — the header with quit and progress, the exercise or the summary, the live
 * region, and the quit dialog with the keyboard's Escape and Enter.
 */
export function LessonRunner(props: LessonRunOptions) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const run = useLessonRun(props);
  const { finished, current, next, progress, total } = run;
  const [showRoman, setShowRoman] = useRomanisation();
  const [quitOpen, setQuitOpen] = useState(false);
  const [quitRequested, setQuitRequested] = useState(false);
  const leave = useCallback(() => navigate(paths.app.dashboard), [navigate]);
  // On the summary the lesson is done: closing it is leaving, with nothing to confirm.
  const askToQuit = useCallback(() => {
    if (finished) return leave();
    setQuitRequested(true);
    setQuitOpen(true);
  }, [finished, leave]);

  // Escape asks before leaving; Enter continues after feedback wherever the focus is.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (quitOpen || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        askToQuit();
      } else if (event.key === 'Enter' && current && !finished && !isEditable(event.target)) {
        event.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [quitOpen, current, finished, next, askToQuit]);

  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => void loadQuitDialog().catch(() => undefined));
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);

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
        <h1 dir="auto" className="sr-only">
          {props.session.lesson.title}
        </h1>
        {finished ? (
          <LessonSummary
            completion={run.completion.data}
            practice={run.practiceScore}
            saveFailed={run.completion.isError}
            onRetrySave={run.recordCompletion}
            onContinue={leave}
            onTryAgain={run.tryAgain}
          />
        ) : (
          <ExerciseStep run={run} showRoman={showRoman} onShowRomanChange={setShowRoman} keyboardActive={!quitOpen} />
        )}
        <p role="status" className="sr-only">
          {run.announcement}
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
