import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { PRICING } from '../content';
import { SectionHeading } from './section-heading';

export type BillingPeriod = 'monthly' | 'yearly';

function FeatureList({ plan, count }: { plan: 'free' | 'premium'; count: number }) {
  const { t } = useI18n();
  return (
    <ul className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, index) => `landing.pricing.${plan}.feature${index + 1}`).map((key) => (
        <li key={key} className="flex gap-3 text-base">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          {t(key)}
        </li>
      ))}
    </ul>
  );
}

export function PricingSection() {
  const { t, language } = useI18n();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: PRICING.currency, maximumFractionDigits: 0 });
  const premiumPrice = money.format(period === 'monthly' ? PRICING.premiumMonthly : PRICING.premiumYearly);
  const saving = new Intl.NumberFormat(language, { style: 'percent' }).format(PRICING.yearlySavingPercent / 100);

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="pricing-title"
        eyebrow={t('landing.pricing.eyebrow')}
        title={t('landing.pricing.title')}
        subtitle={t('landing.pricing.subtitle')}
      />
      <fieldset className="mx-auto mb-10 flex w-fit rounded-full border border-line bg-surface p-1 shadow-sm">
        <legend className="sr-only">{t('landing.pricing.periodLabel')}</legend>
        {(['monthly', 'yearly'] as const).map((option) => (
          <label
            key={option}
            className={clsx(
              'flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-base font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
              period === option ? 'bg-brand text-on-brand shadow' : 'text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name="billing-period"
              value={option}
              checked={period === option}
              onChange={() => setPeriod(option)}
              className="sr-only"
            />
            {t(`landing.pricing.${option}`)}
            {option === 'yearly' ? (
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  period === 'yearly' ? 'bg-white/20 text-on-brand' : 'bg-success-soft text-success',
                )}
              >
                {t('landing.pricing.save', { percent: saving })}
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>

      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        <article
          aria-labelledby="plan-free"
          className="flex flex-col gap-6 rounded-3xl border border-line bg-surface p-8 shadow-sm"
        >
          <div>
            <h3 id="plan-free" className="text-2xl font-bold">
              {t('landing.pricing.free.name')}
            </h3>
            <p className="mt-1 text-base text-muted">{t('landing.pricing.free.description')}</p>
          </div>
          <p className="flex items-baseline gap-2">
            <span className="text-5xl font-extrabold">{money.format(0)}</span>
            <span className="text-base text-muted">{t('landing.pricing.free.period')}</span>
          </p>
          <FeatureList plan="free" count={PRICING.freeFeatureCount} />
          <Link to={paths.signup} className={buttonClasses({ variant: 'outline', size: 'lg', className: 'mt-auto' })}>
            {t('landing.pricing.free.cta')}
          </Link>
        </article>

        <article
          aria-labelledby="plan-premium"
          className="relative flex flex-col gap-6 rounded-3xl border-2 border-brand bg-surface p-8 shadow-xl shadow-brand/10"
        >
          <p className="absolute -top-3.5 start-8 rounded-full bg-accent px-3 py-1 text-sm font-bold text-amber-950">
            {t('landing.pricing.popular')}
          </p>
          <div>
            <h3 id="plan-premium" className="text-2xl font-bold">
              {t('landing.pricing.premium.name')}
            </h3>
            <p className="mt-1 text-base text-muted">{t('landing.pricing.premium.description')}</p>
          </div>
          <p className="flex items-baseline gap-2" aria-live="polite">
            <span data-testid="premium-price" className="text-5xl font-extrabold">
              {premiumPrice}
            </span>
            <span className="text-base text-muted">
              {period === 'monthly' ? t('landing.pricing.perMonth') : t('landing.pricing.perYear')}
            </span>
          </p>
          <FeatureList plan="premium" count={PRICING.premiumFeatureCount} />
          <Link to={paths.signup} className={buttonClasses({ size: 'lg', className: 'mt-auto' })}>
            {t('landing.pricing.premium.cta')}
          </Link>
        </article>
      </div>
      <p className="mt-8 text-center text-base text-muted">🛡️ {t('landing.pricing.guarantee')}</p>
    </section>
  );
}
