import type { AnswerExerciseResponse, Exercise } from '@parla/shared/lessons.schema';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { useI18n } from '@/lib/i18n/language-context';
import { targetText } from '../lesson-language';

type MultipleChoice = Extract<Exercise, { type: 'multiple-choice' }>;

interface Props {
  exercise: MultipleChoice;
  course: string;
  showRoman: boolean;
  /** The option chosen, once answered. */
  chosen: string | undefined;
  result: Pick<AnswerExerciseResponse, 'correct' | 'expected_option_id'> | undefined;
  disabled: boolean;
  /** False while a dialog is open: number keys then belong to it. */
  keyboardActive: boolean;
  onAnswer(optionId: string): void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** One answer, then locked (spec §5). Number keys 1–4 pick an option. */
export function MultipleChoiceExercise({
  exercise,
  course,
  showRoman,
  chosen,
  result,
  disabled,
  keyboardActive,
  onAnswer,
}: Props) {
  const { t } = useI18n();
  const options = exercise.content.options;
  const locked = disabled || chosen !== undefined;
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  useEffect(() => {
    if (locked || !keyboardActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const number = Number.parseInt(event.key, 10);
      const option = Number.isInteger(number) ? options[number - 1] : undefined;
      if (!option) return;
      event.preventDefault();
      onAnswer(option.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [locked, keyboardActive, options, onAnswer]);

  return (
    <div className="flex flex-col gap-4">
      <p dir="auto" className="text-xl font-semibold sm:text-2xl">
        {exercise.content.prompt}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {options.map((option, index) => {
          const isChosen = chosen === option.id;
          const isRight = result !== undefined && result.expected_option_id === option.id;
          const isWrongChoice = result !== undefined && isChosen && !result.correct;
          return (
            <li key={option.id}>
              <button
                ref={index === 0 ? first : undefined}
                type="button"
                disabled={locked}
                aria-pressed={isChosen}
                onClick={() => onAnswer(option.id)}
                className={clsx(
                  'flex w-full items-center gap-3 rounded-2xl border-2 bg-surface p-4 text-start transition',
                  'disabled:cursor-default enabled:hover:border-brand enabled:hover:bg-brand-soft',
                  isRight
                    ? 'border-success bg-success-soft'
                    : isWrongChoice
                      ? 'border-danger bg-danger-soft'
                      : isChosen
                        ? 'border-brand bg-brand-soft'
                        : 'border-line',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-line font-mono text-sm text-muted"
                >
                  {index + 1}
                </span>
                <span className="flex min-w-0 flex-col">
                  <span {...targetText(course)} className="text-lg font-semibold">
                    {option.text}
                  </span>
                  {showRoman && option.roman ? (
                    <span dir="ltr" className="text-sm text-muted">
                      {option.roman}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {locked ? null : (
        <p className="hidden text-sm text-muted sm:block">{t('lesson.mc.keyboardTip', { count: options.length })}</p>
      )}
    </div>
  );
}
