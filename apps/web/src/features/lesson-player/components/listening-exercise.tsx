import type { Exercise } from '@parla/shared/lessons.schema';
import { clsx } from 'clsx';
import Volume2 from 'lucide-react/icons/volume-2';
import { useEffect, useId, useRef } from 'react';
import { useI18n } from '@/lib/i18n/language-context';
import { useSpeech } from '../use-hold-to-speak';
import { WordChips } from './word-chips';

type Listening = Extract<Exercise, { type: 'listening' }>;

interface Props {
  exercise: Listening;
  course: string;
  speechLocale: string;
  showRoman: boolean;
  /** The submitted order, once answered. */
  submitted: string[] | undefined;
  disabled: boolean;
  onAnswer(words: string[]): void;
}

/**
 * Audio only: the sentence is heard, never shown, and its words are put in the order heard. The
 * big button plays it (click, Enter or Space), as often as the learner likes.
 */
export function ListeningExercise({ exercise, course, speechLocale, showRoman, submitted, disabled, onAnswer }: Props) {
  const { t } = useI18n();
  const { speaking, failed, play } = useSpeech(exercise.content.speech_text, speechLocale);
  const playButton = useRef<HTMLButtonElement>(null);
  const tipId = useId();

  useEffect(() => {
    playButton.current?.focus();
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-2">
        <button
          ref={playButton}
          type="button"
          onClick={play}
          aria-describedby={tipId}
          className={clsx(
            'flex size-28 flex-col items-center justify-center gap-1 rounded-full border-2 border-b-4 border-brand bg-brand-soft text-brand-text transition hover:bg-surface motion-safe:active:scale-[0.97]',
            speaking && 'motion-safe:animate-pulse',
          )}
        >
          <Volume2 aria-hidden="true" className="size-10 rtl:-scale-x-100" />
          <span className="text-sm font-bold">{t('lesson.listening.play')}</span>
        </button>
        <p id={tipId} role="status" className="text-sm text-muted">
          {t(speaking ? 'lesson.listening.playing' : failed ? 'lesson.listening.failed' : 'lesson.listening.tip')}
        </p>
      </div>
      <WordChips
        id={exercise.id}
        words={exercise.content.words}
        romans={exercise.content.words_roman}
        showRoman={showRoman}
        course={course}
        submitted={submitted}
        disabled={disabled}
        autoFocus={false}
        onAnswer={onAnswer}
      />
    </div>
  );
}
