import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Send from 'lucide-react/icons/send';
import { type FormEvent, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { appToast } from '@/components/ui/toaster';
import { useI18n } from '@/lib/i18n/language-context';
import { useFormSubmission } from '../hooks/use-form-submission';
import { FormFailureMessage } from './form-failure-message';
import { SectionHeading } from './section-heading';

const EMPTY = { name: '', email: '', message: '' };

export function ContactSection() {
  const { t } = useI18n();
  const [values, setValues] = useState(EMPTY);
  const { submitting, failure, submit } = useFormSubmission();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const sent = await submit((api) => api.submitContactMessage(values));
    if (sent) {
      setValues(EMPTY);
      appToast.success(t('landing.contact.success'));
    }
  };

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: failure?.fieldErrors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <section id="contact" aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.3fr]">
        <div>
          <SectionHeading
            id="contact-title"
            align="start"
            eyebrow={t('landing.contact.eyebrow')}
            title={t('landing.contact.title')}
            subtitle={t('landing.contact.subtitle')}
          />
          <ul className="flex flex-col gap-4 text-base">
            <li className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-2xl bg-brand-soft text-brand-text">
                <MapPin aria-hidden="true" className="size-5" />
              </span>
              {t('landing.contact.office')}
            </li>
            <li className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-2xl bg-brand-soft text-brand-text">
                <Clock aria-hidden="true" className="size-5" />
              </span>
              {t('landing.contact.responseTime')}
            </li>
          </ul>
        </div>
        {/* The server validates (spec §5: no checks in the browser); its per-field messages show here. */}
        <form
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="contact-title"
          className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('landing.contact.name')} autoComplete="name" {...field('name')} />
            <Field label={t('landing.contact.email')} type="email" autoComplete="email" {...field('email')} />
          </div>
          <Field multiline label={t('landing.contact.message')} rows={5} {...field('message')} />
          <FormFailureMessage failure={failure} />
          <button type="submit" disabled={submitting} className={buttonClasses({ size: 'lg', className: 'self-start' })}>
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {submitting ? t('landing.contact.sending') : t('landing.contact.send')}
          </button>
        </form>
      </div>
    </section>
  );
}
