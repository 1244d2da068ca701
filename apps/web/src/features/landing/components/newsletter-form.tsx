import { type FormEvent, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { appToast } from '@/components/ui/toaster';
import { useI18n } from '@/lib/i18n/language-context';
import { useFormSubmission } from '../hooks/use-form-submission';
import { FormFailureMessage } from './form-failure-message';

export function NewsletterForm() {
  const { t } = useI18n();
  const id = useId();
  const [email, setEmail] = useState('');
  const { submitting, failure, submit } = useFormSubmission();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (await submit((api) => api.submitNewsletterSubscription({ email }))) {
      setEmail('');
      appToast.success(t('landing.newsletter.success'));
    }
  };

  const fieldError = failure?.fieldErrors.email;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-bold">
        {t('landing.newsletter.title')}
      </h2>
      <p className="text-sm text-muted">{t('landing.newsletter.text')}</p>
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t('landing.newsletter.email')}
        </label>
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          placeholder={t('landing.newsletter.placeholder')}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-full border-2 border-line bg-surface px-4 text-base text-fg placeholder:text-muted/80 focus:border-brand aria-[invalid=true]:border-danger"
        />
        <button type="submit" disabled={submitting} className={buttonClasses({ size: 'md' })}>
          {t('landing.newsletter.subscribe')}
        </button>
      </div>
      {fieldError ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {fieldError}
        </p>
      ) : null}
      <FormFailureMessage failure={failure} />
    </form>
  );
}
