import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9 "Speech": press and hold for 800 ms; rate 0.85, pitch 1, volume 1. */
export const HOLD_TO_SPEAK_MS = 800;

export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/**
 * Press-and-hold text-to-speech with the browser's voices (spec §4: ignored when unavailable, when
 * there is nothing to say, or while already speaking). Works with a pointer or a held key.
 */
export function useHoldToSpeak(text: string, locale: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [holding, setHolding] = useState(false);
  const [speaking, setSpeaking] = useState(false);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setHolding(false);
  }, []);

  const speak = useCallback(() => {
    if (!canSpeak() || !text || window.speechSynthesis.speaking) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale;
    utterance.rate = 0.85;
    utterance.pitch = 1;
    utterance.volume = 1;
    const voice = window.speechSynthesis.getVoices().find((candidate) => candidate.lang.replace('_', '-') === locale);
    if (voice) utterance.voice = voice;
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    window.speechSynthesis.speak(utterance);
  }, [text, locale]);

  const start = useCallback(() => {
    if (timer.current !== undefined) return;
    setHolding(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setHolding(false);
      speak();
    }, HOLD_TO_SPEAK_MS);
  }, [speak]);

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
