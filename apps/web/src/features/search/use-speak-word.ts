import { useCallback, useEffect, useRef, useState } from 'react';
import { speak, speechLocale } from '@/lib/speech';

/** Reads one word aloud in its language on a press; leaving the results stops it. */
export function useSpeakWord(text: string, language: string) {
  const [speaking, setSpeaking] = useState(false);
  const playing = useRef<AbortController | undefined>(undefined);

  const play = useCallback(() => {
    if (playing.current) return;
    const controller = new AbortController();
    playing.current = controller;
    setSpeaking(true);
    void speak(text, speechLocale(language), { signal: controller.signal }).finally(() => {
      if (playing.current !== controller) return;
      playing.current = undefined;
      setSpeaking(false);
    });
  }, [text, language]);

  useEffect(
    () => () => {
      playing.current?.abort();
      playing.current = undefined;
    },
    [],
  );

  return { speaking, play };
}
