import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { forwardRef, type ReactNode } from 'react';

interface AnswerOptionProps {
  /** Its place in the list, from 0: the badge shows the number key that picks it. */
  index: number;
  /** The learner picked it (announced as pressed). */
  chosen: boolean;
  /** Once marked: the right answer, or the learner's wrong choice. */
  mark?: 'right' | 'wrong' | undefined;
  disabled: boolean;
  onChoose(): void;
  /** The option's text, isolated by the caller (its language and direction). */
  children: ReactNode;
}

/**
 * One option of a multiple-choice question, with the lesson player's look: the number key in a
 * badge, the option, and once marked green for the right answer and red for a wrong choice, with
 * an icon so colour is not the only sign.
 */
export const AnswerOption = forwardRef<HTMLButtonElement, AnswerOptionProps>(function AnswerOption(
  { index, chosen, mark, disabled, onChoose, children },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      disabled={disabled}
      aria-pressed={chosen}
      onClick={onChoose}
      className={clsx(
        'flex min-h-14 w-full items-center gap-3 rounded-2xl border-2 bg-surface p-4 text-start transition',
        'disabled:cursor-default enabled:hover:border-brand enabled:hover:bg-brand-soft',
        mark === 'right'
          ? 'border-success bg-success-soft'
          : mark === 'wrong'
            ? 'border-danger bg-danger-soft'
            : chosen
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
      <span className="flex min-w-0 flex-1 flex-col">{children}</span>
      {mark === 'right' ? <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success" /> : null}
      {mark === 'wrong' ? <CircleX aria-hidden="true" className="size-6 shrink-0 text-danger" /> : null}
    </button>
  );
});
