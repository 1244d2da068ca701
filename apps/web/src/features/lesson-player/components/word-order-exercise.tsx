import type { Exercise } from '@parla/shared/lessons.schema';
import { WordChips } from './word-chips';

type WordOrder = Extract<Exercise, { type: 'drag-drop' }>;

interface Props {
  exercise: WordOrder;
  course: string;
  showRoman: boolean;
  /** The submitted order, once answered. */
  submitted: string[] | undefined;
  disabled: boolean;
  onAnswer(words: string[]): void;
}

/** Word ordering (the spec's "drag-drop"): the sentence in the native language, then the chips. */
export function WordOrderExercise({ exercise, course, showRoman, submitted, disabled, onAnswer }: Props) {
  return (
    <div className="flex flex-col gap-5">
      <p dir="auto" className="text-xl font-semibold sm:text-2xl">
        {exercise.content.prompt}
      </p>
      <WordChips
        id={exercise.id}
        words={exercise.content.words}
        romans={exercise.content.words_roman}
        showRoman={showRoman}
        course={course}
        submitted={submitted}
        disabled={disabled}
        onAnswer={onAnswer}
      />
    </div>
  );
}
