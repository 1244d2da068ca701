import { TARGET_LANGUAGES } from '@parla/shared/languages';
import Star from 'lucide-react/icons/star';
import { useI18n } from '@/lib/i18n/language-context';
import { PARTNERS, TESTIMONIALS } from '../content';
import { STATS } from '../stats';
import { SectionHeading } from './section-heading';

/** Learner counts and partner names, right under the hero. */
export function StatsBand() {
  const { t, language } = useI18n();
  const compact = new Intl.NumberFormat(language, { notation: 'compact' });
  const stats = [
    { value: `${compact.format(STATS.learners)}+`, label: t('landing.stats.learners') },
    // The courses this server teaches (the content bank's target languages), not a marketing round number.
    { value: new Intl.NumberFormat(language).format(TARGET_LANGUAGES.length), label: t('landing.stats.languages') },
    {
      value: new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).format(STATS.rating),
      label: t('landing.stats.rating'),
    },
    {
      value: new Intl.NumberFormat(language, { style: 'percent' }).format(STATS.voiceAccuracy),
      label: t('landing.stats.accuracy'),
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="border-y border-line bg-surface">
      <h2 id="stats-title" className="sr-only">
        {t('landing.stats.title')}
      </h2>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-semibold text-muted">{stat.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-text sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-10 text-center text-sm font-bold tracking-widest text-muted uppercase">{t('landing.partners.title')}</p>
        <ul className="mt-5 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {PARTNERS.map((partner, index) => (
            <li key={partner} className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-muted">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 fill-current opacity-70">
                {index % 3 === 0 ? <circle cx="12" cy="12" r="10" /> : null}
                {index % 3 === 1 ? <rect x="3" y="3" width="18" height="18" rx="5" /> : null}
                {index % 3 === 2 ? <path d="M12 2 22 21H2Z" /> : null}
              </svg>
              {partner}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TestimonialsSection() {
  const { t, language } = useI18n();
  const languageNames = new Intl.DisplayNames([language], { type: 'language' });
  return (
    <section aria-labelledby="testimonials-title" className="bg-surface-muted py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('landing.testimonials.eyebrow')}
          title={t('landing.testimonials.title')}
          subtitle={t('landing.testimonials.subtitle')}
        />
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.id}>
              <figure className="flex h-full flex-col gap-4 rounded-3xl bg-surface p-6 shadow-sm">
                <div
                  className="flex text-accent"
                  role="img"
                  aria-label={t('landing.testimonials.rating', { rating: item.rating })}
                >
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Star
                      key={star}
                      aria-hidden="true"
                      className={`size-4 ${star <= item.rating ? 'fill-current' : 'opacity-30'}`}
                    />
                  ))}
                </div>
                <blockquote className="flex-1 text-base text-fg">
                  <q>{t(`landing.testimonials.${item.id}.text`)}</q>
                </blockquote>
                <figcaption className="flex items-center gap-3">
                  <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-brand-soft text-2xl">
                    {item.avatar}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-bold">{item.name}</span>
                    <span className="text-sm text-muted">
                      {t(`landing.testimonials.${item.id}.role`)} · {t(`landing.testimonials.${item.id}.location`)}
                    </span>
                    <span className="text-sm font-semibold text-brand-text">
                      {t('landing.testimonials.learning', {
                        language: languageNames.of(item.language) ?? item.language,
                        months: item.months,
                      })}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
