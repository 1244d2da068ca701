import { levelFromXp, xpToNextLevel } from '@parla/shared/levels';
import { useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useI18n } from '../../i18n/language-context';
import { useAuth } from '../auth-context';

/** Spec §2: morning before 12, afternoon before 18, evening after. */
export function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

/** A first signed-in home until the dashboard lands: who you are, your course, your numbers. */
export function SignedInHome() {
  const { t } = useI18n();
  const { user, profile, logout } = useAuth();
  const navigate = useNavigate();
  if (!user || !profile) return null;
  const firstName = user.full_name.split(' ')[0] ?? user.full_name;
  const stats = [
    { label: t('home.stats.xp'), value: profile.total_xp },
    { label: t('home.stats.level'), value: levelFromXp(profile.total_xp) },
    { label: t('home.stats.streak'), value: profile.current_streak },
    { label: t('home.stats.lessons'), value: profile.lessons_completed },
  ];
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-screen w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t(greetingKey(new Date().getHours()), { name: firstName })}</h1>
        <button
          type="button"
          onClick={async () => {
            await logout();
            navigate(paths.home, { replace: true });
          }}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t('home.logout')}
        </button>
      </header>
      <p className="text-lg text-muted">
        {t('home.course', {
          language:
            new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' }).of(profile.target_language) ??
            profile.target_language,
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm text-muted">{stat.label}</dt>
            <dd className="text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted">{t('home.toNextLevel', { xp: xpToNextLevel(profile.total_xp) })}</p>
    </main>
  );
}
