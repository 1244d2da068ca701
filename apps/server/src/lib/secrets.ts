import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './crypto';

/**
 * A secret for a one-command install (the token-signing secret, the Web Push key pair): made once
 * by `create` and kept beside the embedded database (mode 600). Several replicas must share the
 * environment's values instead.
 */
export function loadOrCreateSecret(dataDir: string, name: string, create: () => string = () => randomToken(48)): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first; use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
