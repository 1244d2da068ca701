import { useCallback, useEffect, useState } from 'react';
import { readString, removeItem, writeString } from '@/lib/storage';

export type AudioKind = 'listening' | 'speaking';

/** "Can't listen now" / "Can't speak now" last an hour, then audio items come back by themselves. */
export const AUDIO_PAUSE_MS = 60 * 60 * 1000;

export const AUDIO_PAUSE_STORAGE_KEYS: Record<AudioKind, string> = {
  listening: 'parla.pause.listening',
  speaking: 'parla.pause.speaking',
};

/** When the pause of `kind` ends (ms since the epoch), or undefined when there is none. */
export function audioPausedUntil(kind: AudioKind, now = Date.now()): number | undefined {
  const key = AUDIO_PAUSE_STORAGE_KEYS[kind];
  const raw = readString(key);
  const until = Number(raw);
  if (raw === null || !Number.isFinite(until)) return undefined;
  if (until <= now) {
    removeItem(key);
    return undefined;
  }
  // Never more than an hour, whatever was written there.
  return Math.min(until, now + AUDIO_PAUSE_MS);
}

type Pauses = Record<AudioKind, number | undefined>;
const readPauses = (): Pauses => ({ listening: audioPausedUntil('listening'), speaking: audioPausedUntil('speaking') });

/** The two switches' state, remembered on this device, expiring on time even with the page open. */
export function useAudioPause() {
  const [until, setUntil] = useState<Pauses>(readPauses);

  useEffect(() => {
    const ends = Object.values(until).filter((value): value is number => value !== undefined);
    if (ends.length === 0) return;
    const timer = setTimeout(() => setUntil(readPauses()), Math.max(0, Math.min(...ends) - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);

  const pause = useCallback((kind: AudioKind) => {
    const end = Date.now() + AUDIO_PAUSE_MS;
    writeString(AUDIO_PAUSE_STORAGE_KEYS[kind], String(end));
    setUntil((previous) => ({ ...previous, [kind]: end }));
  }, []);

  const resume = useCallback((kind: AudioKind) => {
    removeItem(AUDIO_PAUSE_STORAGE_KEYS[kind]);
    setUntil((previous) => ({ ...previous, [kind]: undefined }));
  }, []);

  const isPaused = useCallback((kind: AudioKind) => (until[kind] ?? 0) > Date.now(), [until]);

  return { until, isPaused, pause, resume };
}
