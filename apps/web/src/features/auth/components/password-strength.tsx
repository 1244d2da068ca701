import { PASSWORD_MIN_LENGTH } from '@parla/shared/auth.schema';
import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { useI18n } from '@/lib/i18n/language-context';
import { passwordStrength } from '../validate-auth-form';

const BAR_COLOURS = { weak: 'bg-danger', fair: 'bg-amber-500', strong: 'bg-success' } as const;
const BARS_FILLED = { weak: 1, fair: 2, strong: 3 } as const;

/** Spec §5: strength bars (red < 6, yellow 6–7, green ≥ 8) and the two sign-up checks. */
export function PasswordStrength({ id, password, confirmPassword }: { id: string; password: string; confirmPassword: string }) {
  const { t } = useI18n();
  const strength = passwordStrength(password);
  const checks = [
    { ok: [...password].length >= PASSWORD_MIN_LENGTH, label: t('auth.strength.minLength', { count: PASSWORD_MIN_LENGTH }) },
    { ok: password !== '' && password === confirmPassword, label: t('auth.strength.match') },
  ];
  return (
    <div id={id} className="flex flex-col gap-2" aria-live="polite">
      <div className="flex gap-1.5" role="img" aria-label={t(`auth.strength.${strength}`)}>
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={clsx(
              'h-1.5 flex-1 rounded-full',
              password && bar <= BARS_FILLED[strength] ? BAR_COLOURS[strength] : 'bg-line',
            )}
          />
        ))}
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {checks.map((check) => (
          <li key={check.label} className={clsx('flex items-center gap-2', check.ok ? 'text-success' : 'text-muted')}>
            {check.ok ? <Check aria-hidden="true" className="size-4" /> : <X aria-hidden="true" className="size-4" />}
            <span>
              {check.label}
              <span className="sr-only"> — {check.ok ? t('auth.strength.done') : t('auth.strength.notYet')}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
