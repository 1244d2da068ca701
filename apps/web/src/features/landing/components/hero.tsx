import Play from 'lucide-react/icons/play';
import Star from 'lucide-react/icons/star';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { STATS } from '../stats';

// Greetings in the languages learners take most: sample content, the same in every interface language.
const GREETINGS = [
  { text: '¡Hola!', lang: 'es', className: 'start-0 top-6 bg-[#fde68a] text-amber-950 rotate-[-6deg]' },
  { text: 'Bonjour', lang: 'fr', className: 'end-2 top-0 bg-[#bfdbfe] text-blue-950 rotate-[5deg]' },
  { text: 'こんにちは', lang: 'ja', className: 'end-0 bottom-24 bg-[#fbcfe8] text-pink-950 rotate-[4deg]' },
  { text: 'مرحبا', lang: 'ar', className: 'start-0 -bottom-1 bg-[#bbf7d0] text-green-950 rotate-[-4deg]' },
] as const;

function HeroIllustration() {
  const { t } = useI18n();
  return (
    <div data-decorative aria-hidden="true" className="relative mx-auto aspect-[4/5] w-full max-w-sm select-none sm:max-w-md">
      <div className="absolute inset-8 rounded-[3rem] bg-gradient-to-br from-brand/25 via-accent/20 to-pink-400/20 blur-2xl" />
      {GREETINGS.map((greeting, index) => (
        <span
          key={greeting.lang}
          lang={greeting.lang}
          dir={greeting.lang === 'ar' ? 'rtl' : 'ltr'}
          style={{ animationDelay: `${index * 0.8}s` }}
          className={`absolute z-10 rounded-2xl px-4 py-2 text-lg font-bold shadow-lg motion-safe:animate-float ${greeting.className}`}
        >
          {greeting.text}
        </span>
      ))}
      <div className="absolute inset-x-6 top-14 bottom-6 flex flex-col gap-4 rounded-[2.5rem] border border-line bg-surface p-6 shadow-2xl sm:inset-x-10">
        <div className="flex items-center gap-3">
          <span className="h-3 flex-1 overflow-hidden rounded-full bg-surface-muted">
            <span className="block h-full w-3/5 rounded-full bg-gradient-to-r from-brand to-accent" />
          </span>
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-sm font-bold text-orange-700 dark:bg-orange-950 dark:text-orange-300">
            🔥 12
          </span>
        </div>
        <p className="text-sm font-bold tracking-wide text-muted uppercase">{t('landing.hero.card.prompt')}</p>
        <p className="text-xl font-extrabold">
          <q>{t('landing.hero.card.phrase')}</q>
        </p>
        <div className="flex flex-col gap-2">
          <span lang="es" className="rounded-2xl border-2 border-line px-4 py-3 font-semibold">
            Buenas noches
          </span>
          <span
            lang="es"
            className="flex items-center justify-between rounded-2xl border-2 border-success bg-success-soft px-4 py-3 font-semibold"
          >
            Buenos días <span className="text-success">✓</span>
          </span>
          <span lang="es" className="rounded-2xl border-2 border-line px-4 py-3 font-semibold">
            Hasta luego
          </span>
        </div>
        <div className="mt-auto flex items-center justify-between rounded-2xl bg-brand-soft px-4 py-3">
          <span className="font-bold text-brand-text">{t('landing.hero.card.correct')}</span>
          <span className="rounded-full bg-brand px-3 py-1 text-sm font-bold text-on-brand">+15 XP</span>
        </div>
      </div>
    </div>
  );
}

export function Hero({ onWatchDemo }: { onWatchDemo(): void }) {
  const { t, language } = useI18n();
  const learners = new Intl.NumberFormat(language, { notation: 'compact' }).format(STATS.learners);
  const rating = new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).format(STATS.rating);
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        data-decorative
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 start-1/2 size-[40rem] rounded-full bg-brand/10 blur-3xl rtl:translate-x-1/2 ltr:-translate-x-1/2"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-6 motion-safe:animate-rise">
          <p className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-semibold text-muted shadow-sm">
            ✨ {t('landing.hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.titleStart')} <span className="text-brand-text">{t('landing.hero.titleHighlight')}</span>
          </h1>
          <p className="max-w-xl text-lg text-muted text-pretty sm:text-xl">{t('landing.hero.subtitle')}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={paths.signup} className={buttonClasses({ size: 'lg' })}>
              {t('landing.hero.getStarted')}
            </Link>
            <button type="button" onClick={onWatchDemo} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              <Play aria-hidden="true" className="size-5 fill-current" />
              {t('landing.hero.watchDemo')}
            </button>
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
            <span className="flex items-center gap-1.5">
              <span className="flex text-accent" aria-hidden="true">
                {[0, 1, 2, 3, 4].map((index) => (
                  <Star key={index} className="size-4 fill-current" />
                ))}
              </span>
              <span className="font-semibold text-fg">{t('landing.hero.rating', { rating })}</span>
            </span>
            <span>{t('landing.hero.learners', { learners, count: STATS.learners })}</span>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
