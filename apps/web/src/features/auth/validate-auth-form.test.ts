import { describe, expect, it } from 'vitest';
import { looksLikeEmail, passwordStrength, validateAuthForm } from './validate-auth-form';

const valid = { email: 'ana@example.com', password: 'secret-42', fullName: 'Ana', confirmPassword: 'secret-42' };

describe('validateAuthForm (spec §5, first failure wins)', () => {
  it.each([
    ['login', { email: '', password: '' }, 'auth.errors.emailRequired'],
    ['login', { email: 'ana.example.com', password: '' }, 'auth.errors.emailInvalid'],
    ['login', { password: '' }, 'auth.errors.invalidCredentials'],
    ['login', { password: '123' }, null],
    ['signup', { password: '' }, 'auth.errors.passwordRequired'],
    ['signup', { fullName: '   ', password: '1' }, 'auth.errors.nameRequired'],
    ['signup', { password: '12345' }, 'auth.errors.passwordTooShort'],
    ['signup', { confirmPassword: '' }, 'auth.errors.confirmPasswordRequired'],
    ['signup', { confirmPassword: 'secret-43' }, 'auth.errors.passwordsNoMatch'],
    ['signup', {}, null],
  ] as const)('%s %o → %s', (mode, change, expected) => {
    expect(validateAuthForm(mode, { ...valid, ...change })).toBe(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateAuthForm('signup', { ...valid, password: '🙂🙂🙂', confirmPassword: '🙂🙂🙂' })).toBe(
      'auth.errors.passwordTooShort',
    );
  });
});

describe('passwordStrength', () => {
  it('is weak under 6, fair at 6–7, strong from 8', () => {
    expect(['12345', '123456', '1234567', '12345678'].map(passwordStrength)).toEqual(['weak', 'fair', 'fair', 'strong']);
  });
});

describe('looksLikeEmail', () => {
  it('wants a name, an @ and a dotted domain', () => {
    expect(['a@b.co', 'a@b', 'ab.co', ' a@b.co '].map(looksLikeEmail)).toEqual([true, false, false, true]);
  });
});
