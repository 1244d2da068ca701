import { MAX_SPEECH_ALTERNATIVES } from '@parla/shared/answers';
import type { Exercise } from '@parla/shared/lessons.schema';
import { clsx } from 'clsx';
import Mic from 'lucide-react/icons/mic';
import MicOff from 'lucide-react/icons/mic-off';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/language-context';
import { getSpeechRecognition, isPermanentRecognitionError, type SpeechRecognitionLike, transcriptsOf } from '@/lib/speech';
import { targetText } from '../lesson-language';
import { ListenButton } from './listen-button';

type Speaking = Extract<Exercise, { type: 'speaking' }>;

interface Props {
  exercise: Speaking;
  course: string;
  speechLocale: string;
  showRoman: boolean;
  /** The transcripts sent, once answered. */
  submitted: string[] | undefined;
  /** What the server says it heard (the transcript that came closest). */
  heard: string | undefined;
  disabled: boolean;
  onAnswer(transcripts: string[]): void;
  /** Where the browser cannot recognise speech: skip the item ("unsupported"). */
  onSkip(): void;
}

type MicState =
  | { kind: 'idle' }
  | { kind: 'listening' }
  | { kind: 'heard'; text: string }
  | { kind: 'not-recognised' }
  | { kind: 'unavailable'; why: 'denied' | 'unsupported' };

/**
 * Say the sentence: the browser's speech recogniser listens in the course's locale and its
 * transcripts (up to five alternatives) go to the server, which scores them by similarity.
 * Without a recogniser, or with the microphone refused, a clear message and Skip instead.
 */
export function SpeakingExercise({
  exercise,
  course,
  speechLocale,
  showRoman,
  submitted,
  heard,
  disabled,
  onAnswer,
  onSkip,
}: Props) {
  const { t } = useI18n();
  const [state, setState] = useState<MicState>(() =>
    getSpeechRecognition() ? { kind: 'idle' } : { kind: 'unavailable', why: 'unsupported' },
  );
  const recognition = useRef<SpeechRecognitionLike | undefined>(undefined);
  const micButton = useRef<HTMLButtonElement>(null);
  const skipButton = useRef<HTMLButtonElement>(null);
  const locked = disabled || submitted !== undefined;
  const { content } = exercise;

  // The microphone (or, without one, Skip) has the focus: Enter starts, Enter skips.
  useEffect(() => {
    if (state.kind === 'unavailable') skipButton.current?.focus();
    else if (state.kind === 'idle') micButton.current?.focus();
  }, [state.kind]);

  useEffect(
    () => () => {
      recognition.current?.abort();
      recognition.current = undefined;
    },
    [],
  );

  const listen = () => {
    if (locked) return;
    if (recognition.current) {
      // A second press while listening stops early; the recogniser then reports what it has.
      recognition.current.stop();
      return;
    }
    const Recognition = getSpeechRecognition();
    if (!Recognition) {
      setState({ kind: 'unavailable', why: 'unsupported' });
      return;
    }
    const recogniser = new Recognition();
    recogniser.lang = speechLocale;
    recogniser.maxAlternatives = MAX_SPEECH_ALTERNATIVES;
    recogniser.interimResults = false;
    recogniser.continuous = false;
    let outcome: MicState | undefined;
    recogniser.onresult = (event) => {
      const transcripts = transcriptsOf(event, MAX_SPEECH_ALTERNATIVES);
      outcome = transcripts[0] ? { kind: 'heard', text: transcripts[0] } : { kind: 'not-recognised' };
      if (transcripts.length > 0) onAnswer(transcripts);
    };
    recogniser.onnomatch = () => {
      outcome ??= { kind: 'not-recognised' };
    };
    recogniser.onerror = (event) => {
      const permanent = isPermanentRecognitionError(event.error);
      outcome = permanent ? { kind: 'unavailable', why: permanent } : { kind: 'not-recognised' };
    };
    recogniser.onend = () => {
      if (recognition.current !== recogniser) return;
      recognition.current = undefined;
      setState(outcome ?? { kind: 'not-recognised' });
    };
    recognition.current = recogniser;
    try {
      recogniser.start();
      setState({ kind: 'listening' });
    } catch {
      recognition.current = undefined;
      setState({ kind: 'unavailable', why: 'unsupported' });
    }
  };

  const listening = state.kind === 'listening';
  const shownHeard = heard ?? submitted?.[0] ?? (state.kind === 'heard' ? state.text : undefined);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p {...targetText(course)} className="text-2xl leading-relaxed font-semibold">
            {content.sentence}
          </p>
          {showRoman && content.roman ? (
            <p dir="ltr" className="text-muted">
              {content.roman}
            </p>
          ) : null}
          <p dir="auto" className="text-muted">
            {content.translation}
          </p>
        </div>
        <ListenButton text={content.sentence} locale={speechLocale} />
      </div>

      {state.kind === 'unavailable' && !locked ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border-2 border-line bg-surface-muted p-4">
          <p className="flex items-start gap-2 font-semibold">
            <MicOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t(state.why === 'denied' ? 'lesson.speaking.denied' : 'lesson.speaking.unsupported')}
          </p>
          <p className="text-sm text-muted">{t('lesson.speaking.skipNote')}</p>
          <button ref={skipButton} type="button" onClick={onSkip} className={buttonClasses({ variant: 'secondary' })}>
            {t('lesson.speaking.skip')}
          </button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3">
          {locked ? null : (
            <button
              ref={micButton}
              type="button"
              onClick={listen}
              aria-pressed={listening}
              className={clsx(
                'flex size-24 items-center justify-center rounded-full border-2 border-b-4 transition motion-safe:active:scale-[0.97]',
                listening
                  ? 'border-danger bg-danger-soft text-danger motion-safe:animate-pulse'
                  : 'border-brand bg-brand-soft text-brand-text hover:bg-surface',
              )}
            >
              <Mic aria-hidden="true" className="size-10" />
              <span className="sr-only">{t(listening ? 'lesson.speaking.stop' : 'lesson.speaking.start')}</span>
            </button>
          )}
          <p role="status" className="text-center font-semibold">
            {shownHeard !== undefined ? (
              <>
                {t('lesson.speaking.heard')} <span {...targetText(course)}>“{shownHeard}”</span>
              </>
            ) : listening ? (
              t('lesson.speaking.listening')
            ) : state.kind === 'not-recognised' ? (
              t('lesson.speaking.notRecognised')
            ) : (
              t('lesson.speaking.tip')
            )}
          </p>
        </div>
      )}
    </div>
  );
}
