import { type FormEvent, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useI18n } from '@/lib/i18n/language-context';
import { useNavigate } from '@/lib/router';
import { deleteMyAccount, downloadMyData, downloadMyWords } from '../api/account-api';
import { SettingsSection } from './settings-screen';

// Marked important: the secondary variant's own border and text colours come later in the stylesheet.
const destructive = 'border-danger! text-danger!';

/** The learner's data rights: a copy of everything stored about them, and deleting the account. */
export function DataRightsSection() {
  const { t } = useI18n();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState(false);

  async function download(what: () => Promise<void>) {
    setDownloading(true);
    try {
      await what();
      notify.success(t('settings.dataRights.downloaded'));
    } catch {
      notify.error(t('settings.dataRights.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  async function confirmDeletion(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setDeleting(true);
    try {
      await deleteMyAccount(password);
    } catch (caught) {
      setDeleting(false);
      const code = caught instanceof ApiError ? caught.code : undefined;
      if (code === 'current_password_incorrect') setError(t('settings.dataRights.incorrect'));
      else if (code === 'validation_error') setError(t('settings.dataRights.required'));
      else if (code === 'reauthentication_required') setError(t('settings.dataRights.signInAgain'));
      else setError(t('settings.dataRights.failed'));
      return;
    }
    setOpen(false);
    // The server ended every session; this only forgets this one locally.
    await logout();
    notify.success(t('settings.dataRights.deleted'));
    navigate(paths.login, { replace: true });
  }

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(undefined);
    }
  }

  return (
    <SettingsSection id="settings-data" title={t('settings.dataRights.title')}>
      <p className="text-sm text-muted">{t('settings.dataRights.description')}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={downloading}
          onClick={() => void download(downloadMyData)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t('settings.dataRights.download')}
        </button>
        <button
          type="button"
          disabled={downloading}
          onClick={() => void download(downloadMyWords)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t('settings.dataRights.vocabulary')}
        </button>
        <button
          type="button"
          onClick={() => changeOpen(true)}
          className={buttonClasses({ variant: 'secondary', className: destructive })}
        >
          {t('settings.dataRights.delete')}
        </button>
      </div>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={t('settings.dataRights.deleteTitle')}
        description={t('settings.dataRights.deleteDescription')}
        closeLabel={t('common.close')}
      >
        <form onSubmit={confirmDeletion} noValidate className="flex flex-col gap-4">
          <Field
            label={t('settings.dataRights.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => changeOpen(false)} className={buttonClasses({ variant: 'secondary' })}>
              {t('common.cancel')}
            </button>
            <button type="submit" disabled={deleting} className={buttonClasses({ variant: 'secondary', className: destructive })}>
              {t('settings.dataRights.confirm')}
            </button>
          </div>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
