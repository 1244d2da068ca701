import type { AnswerPracticeResponse, CompletePracticeResponse, StartPracticeResponse } from '@parla/shared/practice.schema';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AnswerOption } from '@/components/ui/answer-option';
import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useI18n } from '@/lib/i18n/language-context';
import { useAnswerReview } from '../api/answer-review';
import { useCompleteReview } from '../api/complete-review';

interface Attempt {
  choice: number;
  requestId: string;
  result?: AnswerPracticeResponse;
  failed?: boolean;
}

/** Text in the course's language: its own voice, font and direction (Arabic reads right to left). */
const courseText = (course: string) => ({ lang: course, dir: course === 'ar' ? ('rtl' as const) : ('ltr' as const) });

const isInteractive = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('button, a, input, select, textarea, [role="button"]') !== null;

/** The word the question was about: in the course's script, its romanisation, and what it means. */
function AnsweredWord({
  word,
  course,
  nativeLanguage,
}: {
  word: NonNullable<AnswerPracticeResponse['word']>;
  course: string;
  nativeLanguage: string;
}) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span {...courseText(course)} className="text-2xl font-bold">
        {word.text}
      </span>
      {word.roman ? (
        <span dir="ltr" className="text-muted">
          ({word.roman})
        </span>
      ) : null}
      {word.translation ? (
        <>
          <span aria-hidden="true" className="text-muted">
            ·
          </span>
          <span lang={nativeLanguage} dir="auto" className="font-semibold">
            {word.translation}
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * A review round: each due word as a four-option question (no timer: remembering is the point),
 * marked by the server, which grades the word's card; then Finish for the summary.
 * Keyboard: 1–4 answer, Enter (or the focused Next button) moves on.
 */
export function ReviewRound({
  session,
  onComplete,
}: {
  session: StartPracticeResponse;
  onComplete(result: CompletePracticeResponse): void;
}) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  const [index, setIndex] = useState(0);
  const [attempts, setAttempts] = useState<Record<string, Attempt>>({});
  const [completeRequestId] = useState(() => crypto.randomUUID());
  const answer = useAnswerReview();
  const complete = useCompleteReview();
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const firstOption = useRef<HTMLButtonElement>(null);

  const question = session.questions[index];
  const attempt = question ? attempts[question.id] : undefined;
  const locked = attempt !== undefined;
  const result = attempt?.result;
  const isLast = index === session.questions.length - 1;
  const total = session.questions.length;

  const send = useCallback(
    (questionId: string, entry: Attempt) => {
      setAttempts((current) => ({ ...current, [questionId]: { choice: entry.choice, requestId: entry.requestId } }));
      answer.mutate(
        { sessionId: session.session_id, body: { question_id: questionId, answer: entry.choice }, requestId: entry.requestId },
        {
          onSuccess: (marked) => setAttempts((current) => ({ ...current, [questionId]: { ...entry, result: marked } })),
          onError: () => setAttempts((current) => ({ ...current, [questionId]: { ...entry, failed: true } })),
        },
      );
    },
    [answer.mutate, session.session_id],
  );

  const choose = useCallback(
    (choice: number) => {
      if (!question || locked) return;
      send(question.id, { choice, requestId: crypto.randomUUID() });
    },
    [question, locked, send],
  );

  const finish = useCallback(() => {
    if (!complete.isPending)
      complete.mutate({ sessionId: session.session_id, requestId: completeRequestId }, { onSuccess: onComplete });
  }, [complete, session.session_id, completeRequestId, onComplete]);

  const next = useCallback(() => {
    if (!result) return;
    if (isLast) finish();
    else setIndex((value) => value + 1);
  }, [result, isLast, finish]);

  // The first question's first option takes focus; each next question's text is focused (and read out).
  useEffect(() => {
    if (index === 0) firstOption.current?.focus();
    else heading.current?.focus();
  }, [index]);
  const hasResult = result !== undefined;
  useEffect(() => {
    if (hasResult) nextButton.current?.focus();
  }, [hasResult]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const digit = Number.parseInt(event.key, 10);
      if (digit >= 1 && digit <= (question?.options.length ?? 0) && !locked) {
        event.preventDefault();
        choose(digit - 1);
      } else if (event.key === 'Enter' && hasResult && !isInteractive(event.target)) {
        event.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose, next, locked, hasResult, question]);

  if (!question) return null;
  const progress = Math.round(((index + (result ? 1 : 0)) / total) * 100);
  const optionLanguage =
    question.type === 'to-target' ? courseText(session.course) : { lang: session.native_language, dir: 'auto' as const };
  const fallbackWord = result ? { text: question.options[result.correct_answer] ?? '', translation: '' } : undefined;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-muted">
          {t('review.progress', { current: number.format(index + 1), total: number.format(total) })}
        </p>
        <ProgressBar label={t('review.progressLabel')} value={progress} />
      </div>

      <section
        aria-labelledby="review-question"
        className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      >
        <h1 id="review-question" ref={heading} tabIndex={-1} dir="auto" className="text-2xl font-bold leading-snug">
          {question.question}
        </h1>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('review.options')}>
          {question.options.map((option, optionIndex) => {
            const chosen = attempt?.choice === optionIndex;
            const mark =
              result === undefined
                ? undefined
                : result.correct_answer === optionIndex
                  ? ('right' as const)
                  : chosen
                    ? ('wrong' as const)
                    : undefined;
            return (
              <li key={`${question.id}-${optionIndex}`}>
                <AnswerOption
                  ref={optionIndex === 0 ? firstOption : undefined}
                  index={optionIndex}
                  chosen={chosen}
                  mark={mark}
                  disabled={locked}
                  onChoose={() => choose(optionIndex)}
                >
                  <span {...optionLanguage} className="text-lg font-semibold">
                    {option}
                  </span>
                </AnswerOption>
              </li>
            );
          })}
        </ul>
        {locked ? null : <p className="hidden text-sm text-muted sm:block">{t('review.keyboardHint')}</p>}
      </section>

      <div aria-live="polite" className="min-h-6">
        {result ? (
          <section
            aria-labelledby="review-feedback"
            className={clsx(
              'flex flex-col gap-2 rounded-3xl border-2 p-5 motion-safe:animate-rise',
              result.correct ? 'border-success bg-success-soft' : 'border-danger bg-danger-soft',
            )}
          >
            <h2
              id="review-feedback"
              className={clsx('flex items-center gap-2 text-xl font-bold', result.correct ? 'text-success' : 'text-danger')}
            >
              {result.correct ? (
                <CircleCheck aria-hidden="true" className="size-6" />
              ) : (
                <CircleX aria-hidden="true" className="size-6" />
              )}
              {t(result.correct ? 'review.correct' : 'review.incorrect')}
            </h2>
            <p className="text-sm font-semibold text-muted">{t('review.theWord')}</p>
            <AnsweredWord
              word={result.word ?? fallbackWord ?? { text: '', translation: '' }}
              course={session.course}
              nativeLanguage={session.native_language}
            />
          </section>
        ) : attempt?.failed ? (
          <div className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-danger bg-danger-soft p-4">
            <p className="flex-1 font-semibold">{t('review.answerFailed')}</p>
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              onClick={() => send(question.id, attempt)}
            >
              {t('review.retry')}
            </button>
          </div>
        ) : locked ? (
          <p className="text-muted">{t('review.checking')}</p>
        ) : null}
      </div>

      {complete.isError ? (
        <p role="alert" className="font-semibold text-danger">
          {t('review.completeFailed')}
        </p>
      ) : null}

      {result ? (
        <button
          ref={nextButton}
          type="button"
          onClick={next}
          disabled={complete.isPending}
          className={buttonClasses({ size: 'lg', className: 'self-stretch sm:self-end sm:min-w-40' })}
        >
          {isLast ? (complete.isPending ? t('review.checking') : t('review.finish')) : t('review.next')}
        </button>
      ) : null}
    </div>
  );
}
