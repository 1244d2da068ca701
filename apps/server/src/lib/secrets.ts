import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './crypto';

/**
 * The signing secret for a one-command install: made once and kept beside the embedded
 * database (mode 600). Several replicas must share JWT_SECRET instead.
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomToken(48), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first; use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
