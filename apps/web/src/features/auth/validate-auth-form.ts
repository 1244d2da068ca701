import { PASSWORD_MIN_LENGTH } from '@parla/shared/auth.schema';

export type AuthMode = 'login' | 'signup';

export interface AuthFormValues {
  email: string;
  password: string;
  fullName: string;
  confirmPassword: string;
}

/** The translation key of the first failing rule, in the spec's order (§5), or null. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): string | null {
  if (values.email.trim() === '') return 'auth.errors.emailRequired';
  if (!values.email.includes('@')) return 'auth.errors.emailInvalid';
  if (values.password === '') return mode === 'login' ? 'auth.errors.invalidCredentials' : 'auth.errors.passwordRequired';
  if (mode === 'login') return null;
  if (values.fullName.trim() === '') return 'auth.errors.nameRequired';
  if ([...values.password].length < PASSWORD_MIN_LENGTH) return 'auth.errors.passwordTooShort';
  if (values.confirmPassword === '') return 'auth.errors.confirmPasswordRequired';
  if (values.confirmPassword !== values.password) return 'auth.errors.passwordsNoMatch';
  return null;
}

/** Spec §5: red under 6 characters, yellow at 6–7, green from 8. */
export function passwordStrength(password: string): 'weak' | 'fair' | 'strong' {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'weak';
  return length < 8 ? 'fair' : 'strong';
}

/** Spec §5 forgot password: a simple {something}@{something}.{something} shape. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
