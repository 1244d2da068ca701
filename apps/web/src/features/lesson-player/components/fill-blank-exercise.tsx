import type { Exercise } from '@parla/shared/lessons.schema';
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

/** Type the missing word; Enter submits; Check stays disabled while the box is empty (spec §5). */
export function FillBlankExercise({ exercise, course, showRoman, submitted, expected, disabled, onAnswer }: Props) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const locked = disabled || submitted !== undefined;
  const parts = exercise.content.context.split(BLANK);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked || text.trim() === '') return;
    onAnswer(text.trim());
  };

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
      {showRoman && exercise.content.roman ? <p className="-mt-2 text-muted">{exercise.content.roman}</p> : null}
      <p className="text-muted">{exercise.content.hint}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {t('lesson.fill.label')}
        </label>
        <input
          ref={input}
          id={id}
          {...targetText(course)}
          value={submitted ?? text}
          onChange={(event) => setText(event.target.value)}
          readOnly={locked}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('lesson.fill.placeholder')}
          className="h-13 min-w-0 flex-1 rounded-2xl border-2 border-line bg-surface px-4 text-lg text-fg transition placeholder:text-muted/80 hover:border-brand/60 focus:border-brand read-only:bg-surface-muted"
        />
        {locked ? null : (
          <button type="submit" disabled={text.trim() === ''} className={buttonClasses({ size: 'lg' })}>
            {t('lesson.check')}
          </button>
        )}
      </div>
    </form>
  );
}
