import type { AnswerExerciseResponse } from '@parla/shared/lessons.schema';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { type ReactNode, useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/language-context';
import { hasRomanisation, targetText } from '../lesson-language';
import { ListenButton } from './listen-button';

type Verdict = AnswerExerciseResponse['verdict'];

interface Props {
  result: Pick<AnswerExerciseResponse, 'correct' | 'verdict' | 'expected' | 'expected_roman' | 'explanation'>;
  course: string;
  speechLocale: string;
  isLast: boolean;
  onContinue(): void;
}

const NOTE_KEYS: Partial<Record<Verdict, string>> = {
  missing_accent: 'lesson.feedback.accent',
  typo: 'lesson.feedback.typo',
  alternative: 'lesson.feedback.alternative',
  close: 'lesson.feedback.close',
  romanised: 'lesson.feedback.romanised',
};

const MARK = '\u0000';

/** Puts an element where a translation has its {{expected}}, wherever the language puts it. */
function withPlaceholder(text: string, element: ReactNode) {
  const [before, after = ''] = text.split(MARK);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

/** The expected answer in the course's script, then its romanisation (isolated, so bidi never mixes them). */
function ExpectedAnswer({ text, roman, course }: { text: string; roman: string | undefined; course: string }) {
  return (
    <>
      <span {...targetText(course)} className="text-lg">
        {text}
      </span>
      {roman ? (
        <>
          {' '}
          <span dir="ltr" className="font-normal text-muted">
            ({roman})
          </span>
        </>
      ) : null}
    </>
  );
}

/**
 * After each answer: right or wrong, the expected answer, a note on near misses, the explanation.
 * In a non-Latin course the answer is always shown, in the script and its romanisation.
 */
export function ExerciseFeedback({ result, course, speechLocale, isLast, onContinue }: Props) {
  const { t } = useI18n();
  const next = useRef<HTMLButtonElement>(null);
  const note = NOTE_KEYS[result.verdict];
  const answer = <ExpectedAnswer text={result.expected} roman={result.expected_roman} course={course} />;

  // Enter continues: the focus waits on Continue.
  useEffect(() => {
    next.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby="lesson-feedback-title"
      className={clsx(
        'flex flex-col gap-3 rounded-3xl border-2 p-5 motion-safe:animate-rise',
        result.correct ? 'border-success bg-success-soft' : 'border-danger bg-danger-soft',
      )}
    >
      <h3
        id="lesson-feedback-title"
        className={clsx('flex items-center gap-2 text-xl font-bold', result.correct ? 'text-success' : 'text-danger')}
      >
        {result.correct ? (
          <CircleCheck aria-hidden="true" className="size-6" />
        ) : (
          <CircleX aria-hidden="true" className="size-6" />
        )}
        {t(result.correct ? 'lesson.feedback.correct' : 'lesson.feedback.incorrect')}
      </h3>
      {note && result.correct ? <p className="font-semibold">{withPlaceholder(t(note, { expected: MARK }), answer)}</p> : null}
      {!note && result.correct && (hasRomanisation(course) || result.expected_roman) ? (
        <p className="font-semibold">
          {t('lesson.feedback.answer')} {answer}
        </p>
      ) : null}
      {result.correct ? null : (
        <div className="flex items-center gap-3">
          <p className="font-semibold">
            {t('lesson.feedback.expected')} {answer}
          </p>
          <ListenButton text={result.expected} locale={speechLocale} />
        </div>
      )}
      {result.explanation.text ? (
        <p lang={result.explanation.language} dir="auto" className="text-fg">
          {result.explanation.text}
        </p>
      ) : null}
      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="hidden text-sm text-muted sm:block">{t('lesson.feedback.continueTip')}</p>
        <button ref={next} type="button" onClick={onContinue} className={buttonClasses({ size: 'lg', className: 'sm:min-w-40' })}>
          {t(isLast ? 'lesson.feedback.finish' : 'lesson.continue')}
        </button>
      </div>
    </section>
  );
}
