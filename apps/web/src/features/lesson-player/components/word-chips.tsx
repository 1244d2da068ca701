import { clsx } from 'clsx';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/language-context';
import { targetText } from '../lesson-language';

interface Props {
  /** Prefix of the ids that label the two lists. */
  id: string;
  words: readonly string[];
  /** Each word's romanisation (non-Latin courses), shown under it when `showRoman` is on. */
  romans?: readonly string[] | undefined;
  showRoman?: boolean;
  course: string;
  /** The submitted order, once answered. */
  submitted: string[] | undefined;
  disabled: boolean;
  /** Whether the first word takes the focus when the exercise appears. */
  autoFocus?: boolean;
  onAnswer(words: string[]): void;
}

const chip =
  'inline-flex min-h-11 flex-col items-center justify-center rounded-xl border-2 border-b-4 px-3 py-1.5 text-lg font-semibold transition disabled:cursor-default';

/** A chip's face: the word in the course's script, its romanisation under it when asked for. */
function ChipText({ word, roman, course }: { word: string; roman: string | undefined; course: string }) {
  return (
    <>
      <span {...targetText(course)}>{word}</span>
      {roman ? (
        <span dir="ltr" className="text-sm font-normal text-muted">
          {roman}
        </span>
      ) : null}
    </>
  );
}

/**
 * Words put in order by clicking or with the keyboard: every chip is a button, a placed chip can
 * be taken back, Backspace removes the last one, and Check waits until every slot is filled
 * (spec §5). Word ordering and listening share it.
 */
export function WordChips({
  id,
  words,
  romans,
  showRoman = false,
  course,
  submitted,
  disabled,
  autoFocus = true,
  onAnswer,
}: Props) {
  const { t } = useI18n();
  // Indices, not words: a sentence can use the same word twice.
  const [placed, setPlaced] = useState<number[]>([]);
  const bankButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const placedButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const checkButton = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<{ area: 'bank' | 'placed' | 'check'; index: number } | null>(
    autoFocus ? { area: 'bank', index: 0 } : null,
  );
  const locked = disabled || submitted !== undefined;
  const complete = placed.length === words.length;
  const text = targetText(course);

  useEffect(() => {
    if (!focusNext) return;
    if (focusNext.area === 'check') checkButton.current?.focus();
    else if (focusNext.area === 'placed') placedButtons.current[focusNext.index]?.focus();
    else bankButtons.current[focusNext.index]?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const firstFreeFrom = (after: number, nowPlaced: number[]) => {
    const free = words.map((_, index) => index).filter((index) => !nowPlaced.includes(index));
    return free.find((index) => index > after) ?? free[0];
  };

  const place = (index: number) => {
    if (locked || placed.includes(index)) return;
    const next = [...placed, index];
    setPlaced(next);
    const following = firstFreeFrom(index, next);
    setFocusNext(following === undefined ? { area: 'check', index: 0 } : { area: 'bank', index: following });
  };

  const remove = (position: number) => {
    if (locked) return;
    const removed = placed[position];
    const next = placed.filter((_, at) => at !== position);
    setPlaced(next);
    if (next.length > 0) setFocusNext({ area: 'placed', index: Math.min(position, next.length - 1) });
    else setFocusNext({ area: 'bank', index: removed ?? 0 });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Backspace' && !locked && placed.length > 0) {
      event.preventDefault();
      remove(placed.length - 1);
    }
  };

  const shown = submitted ?? placed.map((index) => words[index] ?? '');
  const romanAt = (index: number) => (showRoman ? romans?.[index] : undefined);
  // A submitted answer is words: each takes the romanisation of the first chip that reads the same.
  const shownRoman = (word: string, position: number) =>
    submitted ? romanAt(words.indexOf(word)) : romanAt(placed[position] ?? -1);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Backspace is a shortcut; every action also has a button
    <div className="flex flex-col gap-5" onKeyDown={onKeyDown}>
      <div>
        <h3 id={`${id}-answer`} className="sr-only">
          {t('lesson.order.answerLabel')}
        </h3>
        <ul
          aria-labelledby={`${id}-answer`}
          {...text}
          className="flex min-h-16 flex-wrap items-center gap-2 border-b-2 border-line pb-3"
        >
          {shown.map((word, position) => (
            <li key={position}>
              {submitted ? (
                <span className={clsx(chip, 'border-line bg-surface-muted')}>
                  <ChipText word={word} roman={shownRoman(word, position)} course={course} />
                </span>
              ) : (
                <button
                  ref={(element) => {
                    placedButtons.current[position] = element;
                  }}
                  type="button"
                  disabled={locked}
                  aria-label={t('lesson.order.remove', { word })}
                  onClick={() => remove(position)}
                  className={clsx(chip, 'border-brand bg-brand-soft text-brand-text hover:bg-surface')}
                >
                  <ChipText word={word} roman={shownRoman(word, position)} course={course} />
                </button>
              )}
            </li>
          ))}
          {submitted
            ? null
            : words
                .slice(placed.length)
                .map((word, slot) => (
                  <li
                    key={`empty-${slot}`}
                    aria-hidden="true"
                    className="h-11 rounded-xl border-2 border-dashed border-line"
                    style={{ width: `${Math.max(2.5, Math.min(8, [...word].length * 0.9))}rem` }}
                  />
                ))}
        </ul>
      </div>
      {submitted ? null : (
        <div>
          <h3 id={`${id}-bank`} className="sr-only">
            {t('lesson.order.bankLabel')}
          </h3>
          <ul aria-labelledby={`${id}-bank`} {...text} className="flex flex-wrap justify-center gap-2">
            {words.map((word, index) => (
              <li key={index}>
                {placed.includes(index) ? (
                  <span aria-hidden="true" className={clsx(chip, 'invisible border-line')}>
                    <ChipText word={word} roman={romanAt(index)} course={course} />
                  </span>
                ) : (
                  <button
                    ref={(element) => {
                      bankButtons.current[index] = element;
                    }}
                    type="button"
                    disabled={locked}
                    onClick={() => place(index)}
                    className={clsx(chip, 'border-line bg-surface hover:border-brand hover:bg-brand-soft')}
                  >
                    <ChipText word={word} roman={romanAt(index)} course={course} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {locked ? null : (
        <div className="flex flex-col items-center gap-2">
          <button
            ref={checkButton}
            type="button"
            disabled={!complete}
            onClick={() => onAnswer(placed.map((index) => words[index] ?? ''))}
            className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto sm:min-w-48' })}
          >
            {t('lesson.check')}
          </button>
          <p className="hidden text-sm text-muted sm:block">{t('lesson.order.keyboardTip')}</p>
        </div>
      )}
    </div>
  );
}
