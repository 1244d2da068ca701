import { readString, removeItem, storageKeys, writeString } from '../storage';

/**
 * A cheap, synchronous hint that this browser had a session open, for pages that must not load the
 * account code (the landing). Only a hint: /app still checks the session and sends a visitor whose
 * session is over to /login, which clears it.
 */
export function wasSignedIn(): boolean {
  return readString(storageKeys.signedIn) === '1';
}

export function rememberSignedIn(open: boolean): void {
  if (open) writeString(storageKeys.signedIn, '1');
  else removeItem(storageKeys.signedIn);
}
