import type { AnswerPracticeResponse, CompletePracticeResponse, StartPracticeResponse } from '@parla/shared/practice.schema';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Timer from 'lucide-react/icons/timer';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useI18n } from '@/lib/i18n/language-context';
import { useAnswerPractice } from '../api/answer-practice';
import { useCompletePractice } from '../api/complete-practice';

/** Spec §9: the timer turns red at 10 s or less. */
const TIMER_WARNING_SECONDS = 10;
/** Screen readers hear the time left at most this often, politely. */
const ANNOUNCE_EVERY_SECONDS = 10;

interface Attempt {
  /** The chosen option, or null when the time ran out. */
  choice: number | null;
  requestId: string;
  result?: AnswerPracticeResponse;
  failed?: boolean;
}

const isInteractive = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('button, a, input, select, textarea, [role="button"]') !== null;

/**
 * One quick-practice session: a 30 s countdown per question; choosing (or the time running out)
 * locks the question and the server's verdict is shown; Next, then Finish for the results.
 */
export function PracticeQuiz({
  session,
  onComplete,
}: {
  session: StartPracticeResponse;
  onComplete(result: CompletePracticeResponse): void;
}) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const seconds = session.seconds_per_question;
  const [index, setIndex] = useState(0);
  const [remaining, setRemaining] = useState(seconds);
  const [attempts, setAttempts] = useState<Record<string, Attempt>>({});
  const [completeRequestId] = useState(() => crypto.randomUUID());
  const answer = useAnswerPractice();
  const complete = useCompletePractice();
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);

  const question = session.questions[index];
  const attempt = question ? attempts[question.id] : undefined;
  const locked = attempt !== undefined;
  const isLast = index === session.questions.length - 1;

  const send = useCallback(
    (questionId: string, entry: Attempt) => {
      setAttempts((current) => ({ ...current, [questionId]: { choice: entry.choice, requestId: entry.requestId } }));
      answer.mutate(
        { sessionId: session.session_id, body: { question_id: questionId, answer: entry.choice }, requestId: entry.requestId },
        {
          onSuccess: (result) => setAttempts((current) => ({ ...current, [questionId]: { ...entry, result } })),
          onError: () => setAttempts((current) => ({ ...current, [questionId]: { ...entry, failed: true } })),
        },
      );
    },
    [answer.mutate, session.session_id],
  );

  const choose = useCallback(
    (choice: number | null) => {
      if (!question || locked) return;
      send(question.id, { choice, requestId: crypto.randomUUID() });
    },
    [question, locked, send],
  );

  const next = useCallback(() => {
    if (!attempt?.result) return;
    if (isLast) {
      if (!complete.isPending)
        complete.mutate({ sessionId: session.session_id, requestId: completeRequestId }, { onSuccess: onComplete });
      return;
    }
    setIndex((value) => value + 1);
    setRemaining(seconds);
  }, [attempt?.result, isLast, complete, session.session_id, completeRequestId, onComplete, seconds]);

  // The countdown runs only while the question is open.
  useEffect(() => {
    if (locked) return;
    const timer = setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1_000);
    return () => clearInterval(timer);
  }, [locked]);

  // Time-out: the question is answered with "no answer".
  useEffect(() => {
    if (remaining === 0 && !locked) choose(null);
  }, [remaining, locked, choose]);

  // Each new question's text takes focus (and is read out); the verdict hands focus to Next.
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [index]);
  const hasResult = attempt?.result !== undefined;
  useEffect(() => {
    if (hasResult) nextButton.current?.focus();
  }, [hasResult]);

  // Keyboard: 1–4 choose, Enter moves on (a focused button handles its own Enter).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const digit = Number.parseInt(event.key, 10);
      if (digit >= 1 && digit <= 4 && !locked) {
        event.preventDefault();
        choose(digit - 1);
      } else if (event.key === 'Enter' && hasResult && !isInteractive(event.target)) {
        event.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose, next, locked, hasResult]);

  if (!question) return null;
  const total = session.questions.length;
  const warning = remaining <= TIMER_WARNING_SECONDS;
  const announce = !locked && remaining > 0 && remaining < seconds && remaining % ANNOUNCE_EVERY_SECONDS === 0;
  const result = attempt?.result;
  const progress = Math.round(((index + (locked ? 1 : 0)) / total) * 100);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-4">
        <div className="flex flex-1 flex-col gap-2">
          <p className="text-sm font-semibold text-muted">
            {t('practice.progress', { current: number.format(index + 1), total: number.format(total) })}
          </p>
          <ProgressBar label={t('practice.progressLabel')} value={progress} />
        </div>
        <div
          data-testid="practice-timer"
          data-warning={warning}
          className={clsx(
            'flex min-w-20 items-center justify-center gap-1.5 rounded-full border-2 px-3 py-1.5 text-lg font-extrabold tabular-nums',
            warning ? 'border-danger bg-danger-soft text-danger motion-safe:animate-pulse' : 'border-line bg-surface text-fg',
          )}
        >
          <Timer aria-hidden="true" className="size-5" />
          <span aria-hidden="true">{t('practice.seconds', { seconds: number.format(remaining) })}</span>
          <span className="sr-only">{t('practice.timeLeft', { seconds: remaining })}</span>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {announce ? t('practice.timeLeft', { seconds: remaining }) : ''}
      </p>

      <section
        aria-labelledby="practice-question"
        className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      >
        <h1 id="practice-question" ref={heading} tabIndex={-1} className="text-2xl font-bold leading-snug">
          {question.question}
        </h1>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('practice.options')}>
          {question.options.map((option, optionIndex) => {
            const chosen = attempt?.choice === optionIndex;
            const right = result !== undefined && result.correct_answer === optionIndex;
            const wrong = result !== undefined && chosen && !result.correct;
            return (
              <li key={optionIndex}>
                <button
                  type="button"
                  disabled={locked}
                  aria-pressed={chosen}
                  onClick={() => choose(optionIndex)}
                  className={clsx(
                    'flex min-h-14 w-full items-center gap-3 rounded-2xl border-2 px-4 py-3 text-start text-lg font-semibold transition',
                    'disabled:cursor-default',
                    right && 'border-success bg-success-soft text-fg',
                    wrong && 'border-danger bg-danger-soft text-fg',
                    !right && !wrong && chosen && 'border-brand bg-brand-soft',
                    !right && !wrong && !chosen && 'border-line bg-surface enabled:hover:border-brand/60',
                    locked && !right && !wrong && !chosen && 'opacity-70',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="grid size-7 shrink-0 place-items-center rounded-lg border border-line bg-surface-muted text-sm font-bold text-muted"
                  >
                    {optionIndex + 1}
                  </span>
                  <span className="flex-1">{option}</span>
                  {right ? <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success" /> : null}
                  {wrong ? <CircleX aria-hidden="true" className="size-6 shrink-0 text-danger" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <div aria-live="polite" className="min-h-6">
        {result ? (
          <div
            className={clsx(
              'flex flex-col gap-1 rounded-2xl border-2 p-4',
              result.correct ? 'border-success bg-success-soft' : 'border-danger bg-danger-soft',
            )}
          >
            <p className="text-lg font-bold">
              {result.correct ? t('practice.correct') : attempt?.choice === null ? t('practice.timeUp') : t('practice.incorrect')}
            </p>
            {result.correct ? null : (
              <p className="font-semibold">
                {t('practice.correctAnswer', { answer: question.options[result.correct_answer] ?? '' })}
              </p>
            )}
            {result.explanation ? <p className="text-fg/80">{result.explanation}</p> : null}
          </div>
        ) : attempt?.failed ? (
          <div className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-danger bg-danger-soft p-4">
            <p className="flex-1 font-semibold">{t('practice.answerFailed')}</p>
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              onClick={() => send(question.id, attempt)}
            >
              {t('practice.retry')}
            </button>
          </div>
        ) : locked ? (
          <p className="text-muted">{t('practice.checking')}</p>
        ) : null}
      </div>
      {locked ? null : <p className="hidden text-sm text-muted sm:block">{t('practice.keyboardHint')}</p>}

      {complete.isError ? (
        <p role="alert" className="font-semibold text-danger">
          {t('practice.completeFailed')}
        </p>
      ) : null}

      {result ? (
        <button
          ref={nextButton}
          type="button"
          onClick={next}
          disabled={complete.isPending}
          className={buttonClasses({ size: 'lg', className: 'self-end' })}
        >
          {isLast ? (complete.isPending ? t('practice.checking') : t('practice.finish')) : t('practice.next')}
        </button>
      ) : null}
    </div>
  );
}
