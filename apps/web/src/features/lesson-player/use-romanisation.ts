import { useCallback, useState } from 'react';
import { readString, writeString } from '@/lib/storage';

export const ROMANISATION_STORAGE_KEY = 'parla.show-romanisation';

/** Whether to show romanisation under non-Latin text; the choice is remembered on this device. */
export function useRomanisation(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(() => readString(ROMANISATION_STORAGE_KEY) === 'true');
  const change = useCallback((next: boolean) => {
    setShow(next);
    writeString(ROMANISATION_STORAGE_KEY, String(next));
  }, []);
  return [show, change];
}
