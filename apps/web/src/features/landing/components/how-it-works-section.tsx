import { useI18n } from '@/lib/i18n/language-context';
import { STEP_IDS } from '../content';
import { SectionHeading } from './section-heading';

const STEP_EMOJI = { choose: '🌍', learn: '⚡', practice: '🏆' } as const;

export function HowItWorksSection() {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language);
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-surface-muted py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow={t('landing.how.eyebrow')}
          title={t('landing.how.title')}
          subtitle={t('landing.how.subtitle')}
        />
        <ol className="grid gap-6 md:grid-cols-3">
          {STEP_IDS.map((id, index) => (
            <li key={id} className="relative flex flex-col gap-3 rounded-3xl bg-surface p-7 shadow-sm">
              <span className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-brand text-lg font-extrabold text-on-brand">
                  {number.format(index + 1)}
                </span>
                <span aria-hidden="true" className="text-3xl">
                  {STEP_EMOJI[id]}
                </span>
              </span>
              <h3 className="text-xl font-bold">{t(`landing.how.${id}.title`)}</h3>
              <p className="text-base text-muted">{t(`landing.how.${id}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
