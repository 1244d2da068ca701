import Play from 'lucide-react/icons/play';
import Star from 'lucide-react/icons/star';
import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { wasSignedIn } from '@/lib/auth/signed-in-hint';
import { useI18n } from '@/lib/i18n/language-context';
import { afterPageLoad } from '@/lib/lazy-with-preload';
import { Link } from '@/lib/router';
import { STATS } from '../stats';

// The illustration is decorative (hidden from assistive technology) and not needed for the first
// paint: its code comes after the page's `load` event, into a box of its final size (no layout shift).
const HeroIllustration = lazy(() => afterPageLoad().then(() => import('./hero-illustration')));

export function Hero({ onWatchDemo }: { onWatchDemo(): void }) {
  const { t, language } = useI18n();
  const [signedIn] = useState(wasSignedIn);
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
        <div className="flex flex-col items-start gap-6 motion-safe:animate-lift">
          <p className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-semibold text-muted shadow-sm">
            ✨ {t('landing.hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.titleStart')}{' '}
            {/* Japanese has no spaces: the highlighted phrase (1回5分で身につけよう) starts a line of its own
                rather than splitting, and breaks only between phrases when it must (styles.css: auto-phrase). */}
            <span className="text-brand-text [:lang(ja)_&]:inline-block">{t('landing.hero.titleHighlight')}</span>
          </h1>
          <p className="max-w-xl text-lg text-muted text-pretty sm:text-xl">{t('landing.hero.subtitle')}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {signedIn ? (
              <Link to={paths.app.dashboard} className={buttonClasses({ size: 'lg' })}>
                {t('landing.nav.myLessons')}
              </Link>
            ) : (
              <Link to={paths.signup} className={buttonClasses({ size: 'lg' })}>
                {t('landing.hero.getStarted')}
              </Link>
            )}
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
        <div data-decorative aria-hidden="true" className="relative mx-auto aspect-[4/5] w-full max-w-sm select-none sm:max-w-md">
          <Suspense fallback={null}>
            <HeroIllustration />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
