import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~20 ms here, far slower for an attacker.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let equaliserHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash, so "no such account" costs the same time as "wrong
 * password" and the two cannot be told apart.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  equaliserHash ??= hashPassword('parla-timing-equaliser');
  await verifyPassword(await equaliserHash, password);
}

let commonPasswords: Set<string> | undefined;
/** The ~49,000 most common passwords (zxcvbn-ts list, MIT), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
