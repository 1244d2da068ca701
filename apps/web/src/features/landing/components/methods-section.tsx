import { useI18n } from '@/lib/i18n/language-context';
import { METHODS } from '../content';
import { SectionHeading } from './section-heading';

export function MethodsSection() {
  const { t } = useI18n();
  return (
    <section id="learning-methods" aria-labelledby="methods-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="methods-title"
        eyebrow={t('landing.methods.eyebrow')}
        title={t('landing.methods.title')}
        subtitle={t('landing.methods.subtitle')}
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {METHODS.map((method) => (
          <li key={method.id} className="flex gap-4 rounded-3xl border border-line bg-surface p-5">
            <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-soft text-3xl">
              {method.emoji}
            </span>
            <div>
              <h3 className="text-lg font-bold">{t(`landing.methods.${method.id}.title`)}</h3>
              <p className="text-base text-muted">{t(`landing.methods.${method.id}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
