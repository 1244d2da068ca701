import type { TargetLanguage } from '@parla/shared/content.schema';
import type { Exercise } from '@parla/shared/lessons.schema';
import { speechLocale } from '@/lib/speech';
import type { Answer, ExerciseResult } from '../lesson-rounds';
import { FillBlankExercise } from './fill-blank-exercise';
import { ListeningExercise } from './listening-exercise';
import { MultipleChoiceExercise } from './multiple-choice-exercise';
import { SpeakingExercise } from './speaking-exercise';
import { WordOrderExercise } from './word-order-exercise';

export interface ExerciseViewProps {
  exercise: Exercise;
  course: TargetLanguage;
  showRoman: boolean;
  /** This round's answer to the exercise, once given, with the verdict. */
  current: { answer: Answer; result: ExerciseResult } | undefined;
  /** An answer is on its way to the server. */
  answering: boolean;
  /** A skip is on its way to the server. */
  skipping: boolean;
  /** The item is being skipped by itself (audio switched off, or no speech in this browser). */
  autoSkipping: boolean;
  /** Number keys choose an option (not while a dialog is open). */
  keyboardActive: boolean;
  onAnswer(answer: Answer): void;
  /** Speaking only: the learner's browser cannot listen to them. */
  onSkip(): void;
}

const text = (answer: Answer | undefined) => (typeof answer === 'string' ? answer : undefined);
const words = (answer: Answer | undefined) => (Array.isArray(answer) ? answer : undefined);

/** The view of the exercise's type: each type has its own component. */
export function ExerciseView({
  exercise,
  course,
  showRoman,
  current,
  answering,
  skipping,
  autoSkipping,
  keyboardActive,
  onAnswer,
  onSkip,
}: ExerciseViewProps) {
  switch (exercise.type) {
    case 'multiple-choice':
      return (
        <MultipleChoiceExercise
          exercise={exercise}
          course={course}
          showRoman={showRoman}
          chosen={text(current?.answer)}
          result={current?.result}
          disabled={answering}
          keyboardActive={keyboardActive}
          onAnswer={onAnswer}
        />
      );
    case 'fill-blank':
      return (
        <FillBlankExercise
          exercise={exercise}
          course={course}
          showRoman={showRoman}
          submitted={text(current?.answer)}
          expected={current?.result.expected}
          disabled={answering}
          onAnswer={onAnswer}
        />
      );
    case 'listening':
      return (
        <ListeningExercise
          exercise={exercise}
          course={course}
          speechLocale={speechLocale(course)}
          showRoman={showRoman}
          submitted={words(current?.answer)}
          disabled={answering || autoSkipping}
          onAnswer={onAnswer}
        />
      );
    case 'speaking':
      return (
        <SpeakingExercise
          exercise={exercise}
          course={course}
          speechLocale={speechLocale(course)}
          showRoman={showRoman}
          submitted={words(current?.answer)}
          heard={current?.result.heard}
          disabled={answering || skipping || autoSkipping}
          onAnswer={onAnswer}
          onSkip={onSkip}
        />
      );
    default:
      return (
        <WordOrderExercise
          exercise={exercise}
          course={course}
          showRoman={showRoman}
          submitted={words(current?.answer)}
          disabled={answering}
          onAnswer={onAnswer}
        />
      );
  }
}
