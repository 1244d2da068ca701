import type { Exercise } from '@parla/shared/lessons.schema';
import { clsx } from 'clsx';
import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/language-context';
import { targetText } from '../lesson-language';

type FillBlank = Extract<Exercise, { type: 'fill-blank' }>;

interface Props {
  exercise: FillBlank;
  course: string;
  showRoman: boolean;
  /** The submitted text, once answered. */
  submitted: string | undefined;
  /** The right word, once marked: the sentence shows it, never the learner's attempt. */
  expected?: string | undefined;
  disabled: boolean;
  onAnswer(text: string): void;
}

const BLANK = '____';

const chip =
  'inline-flex min-h-11 flex-col items-center justify-center rounded-xl border-2 border-b-4 px-3 py-1.5 transition disabled:cursor-default';

/**
 * Type the missing word; Enter submits; Check stays disabled while the box is empty (spec §5).
 * In a non-Latin course a word bank sits under the box, for learners without the script's
 * keyboard: a chip fills the box and hands the focus to Check; typing (also in romanisation) stays.
 */
export function FillBlankExercise({ exercise, course, showRoman, submitted, expected, disabled, onAnswer }: Props) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const check = useRef<HTMLButtonElement>(null);
  const [focusCheck, setFocusCheck] = useState(false);
  const id = useId();
  const locked = disabled || submitted !== undefined;
  const parts = exercise.content.context.split(BLANK);
  const choices = exercise.content.choices ?? [];

  useEffect(() => {
    input.current?.focus();
  }, []);

  // After a chip is chosen, Check (enabled by the new text) takes the focus: Enter then checks.
  useEffect(() => {
    if (!focusCheck) return;
    check.current?.focus();
    setFocusCheck(false);
  }, [focusCheck]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked || text.trim() === '') return;
    onAnswer(text.trim());
  };

  const choose = (word: string) => {
    if (locked) return;
    setText(word);
    setFocusCheck(true);
  };

  const shown = (submitted ?? text).trim();

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p {...targetText(course)} className="text-2xl leading-relaxed font-semibold">
        {parts.map((part, index) => (
          // The sentence's pieces never move, so their position is their identity.
          <Fragment key={index}>
            {part}
            {index < parts.length - 1 ? (
              <span className="mx-1 inline-block rounded-lg border-b-4 border-brand bg-brand-soft px-2 tracking-widest text-brand-text">
                {expected ?? exercise.content.masked_word}
              </span>
            ) : null}
          </Fragment>
        ))}
      </p>
      {showRoman && exercise.content.roman ? (
        <p dir="ltr" className="-mt-2 text-muted">
          {exercise.content.roman}
        </p>
      ) : null}
      <p dir="auto" className="text-muted">
        {exercise.content.hint}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {t('lesson.fill.label')}
        </label>
        <input
          ref={input}
          id={id}
          dir="auto"
          lang={course}
          value={submitted ?? text}
          onChange={(event) => setText(event.target.value)}
          readOnly={locked}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('lesson.fill.placeholder')}
          aria-describedby={choices.length > 0 ? `${id}-tip` : undefined}
          className="h-13 min-w-0 flex-1 rounded-2xl border-2 border-line bg-surface px-4 text-lg text-fg transition placeholder:text-muted/80 hover:border-brand/60 focus:border-brand read-only:bg-surface-muted"
        />
        {locked ? null : (
          <button ref={check} type="submit" disabled={text.trim() === ''} className={buttonClasses({ size: 'lg' })}>
            {t('lesson.check')}
          </button>
        )}
      </div>
      {choices.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 id={`${id}-bank`} className="text-sm font-semibold text-muted">
            {t('lesson.fill.wordBank')}
          </h3>
          <p id={`${id}-tip`} className="text-sm text-muted">
            {t('lesson.fill.wordBankTip')}
          </p>
          <ul aria-labelledby={`${id}-bank`} className="flex flex-wrap gap-2">
            {choices.map((choice) => {
              const chosen = shown === choice.text;
              return (
                <li key={choice.text}>
                  <button
                    type="button"
                    disabled={locked}
                    aria-pressed={chosen}
                    onClick={() => choose(choice.text)}
                    className={clsx(
                      chip,
                      chosen
                        ? 'border-brand bg-brand-soft text-brand-text'
                        : 'border-line bg-surface enabled:hover:border-brand enabled:hover:bg-brand-soft',
                    )}
                  >
                    <span {...targetText(course)} className="text-lg font-semibold">
                      {choice.text}
                    </span>
                    {showRoman && choice.roman ? (
                      <span dir="ltr" className="text-sm text-muted">
                        {choice.roman}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
