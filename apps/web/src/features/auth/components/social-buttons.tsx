import type { GetProvidersResponse } from '@parla/shared/auth.schema';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n/language-context';
import { getProviders } from '../api/auth-api';

/** A button per configured provider only (DESIGN §1); none when the server has none. */
export function SocialButtons() {
  const { t } = useI18n();
  const [providers, setProviders] = useState<GetProvidersResponse['providers']>([]);
  useEffect(() => {
    getProviders()
      .then((answer) => setProviders(answer.providers))
      .catch(() => setProviders([]));
  }, []);
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t('auth.social.or')}
      </p>
      {providers.map((provider) => (
        <a key={provider.id} href={provider.start_url} className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
          {t('auth.social.continueWith', { provider: provider.name })}
        </a>
      ))}
    </div>
  );
}
