import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { canSynthesise, speak } from '@/lib/speech';

/** Spec §9 "Speech": press and hold for 800 ms. */
const HOLD_TO_SPEAK_MS = 800;

/**
 * Reads `text` aloud on demand (spec §4: ignored when unavailable, when there is nothing to say,
 * or while already speaking). Leaving the page stops the speech and any pending retry.
 */
export function useSpeech(text: string, locale: string) {
  const [speaking, setSpeaking] = useState(false);
  /** The last try failed (no voice for the language, speech refused…). */
  const [failed, setFailed] = useState(false);
  const playing = useRef<AbortController | undefined>(undefined);

  const play = useCallback(() => {
    if (playing.current || !canSynthesise() || !text) return;
    const controller = new AbortController();
    playing.current = controller;
    setSpeaking(true);
    setFailed(false);
    void speak(text, locale, { signal: controller.signal }).then((outcome) => {
      if (playing.current !== controller) return;
      playing.current = undefined;
      setSpeaking(false);
      setFailed(outcome === 'failed');
    });
  }, [text, locale]);

  useEffect(
    () => () => {
      playing.current?.abort();
      playing.current = undefined;
    },
    [],
  );

  return { speaking, failed, play };
}

/** Press-and-hold text-to-speech (spec §9: 800 ms). Works with a pointer or a held key. */
export function useHoldToSpeak(text: string, locale: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [holding, setHolding] = useState(false);
  const { speaking, play } = useSpeech(text, locale);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setHolding(false);
  }, []);

  const start = useCallback(() => {
    if (timer.current !== undefined) return;
    setHolding(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setHolding(false);
      play();
    }, HOLD_TO_SPEAK_MS);
  }, [play]);

  useEffect(() => cancel, [cancel]);

  return {
    holding,
    speaking,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        event.preventDefault();
        start();
      },
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== ' ' && event.key !== 'Enter') return;
        // A held key must not also "click" (Enter continues the lesson elsewhere).
        event.preventDefault();
        event.stopPropagation();
        start();
      },
      onKeyUp: (event: KeyboardEvent) => {
        if (event.key === ' ' || event.key === 'Enter') cancel();
      },
      onBlur: cancel,
    },
  };
}
