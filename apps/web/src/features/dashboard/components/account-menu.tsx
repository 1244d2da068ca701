import type { InterfaceLanguageCode } from '@parla/shared/languages';
import Languages from 'lucide-react/icons/languages';
import LogOut from 'lucide-react/icons/log-out';
import { useEffect, useId, useRef, useState } from 'react';
import { LanguageSelect } from '@/components/ui/language-select';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useSaveInterfaceLanguage } from '@/lib/auth/interface-language';
import { useI18n } from '@/lib/i18n/language-context';
import { Link, useNavigate } from '@/lib/router';

const item =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-base font-semibold text-fg transition hover:bg-surface-muted';

/** The avatar button and its small disclosure panel: course change, interface language and log out. */
export function AccountMenu({ fullName, email }: { fullName: string; email: string }) {
  const { t } = useI18n();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const saveInterfaceLanguage = useSaveInterfaceLanguage();
  // Spec §4: a manual choice applies here at once; the profile keeps it for the learner's other devices.
  const [notSaved, setNotSaved] = useState(false);
  const saveLanguage = async (code: InterfaceLanguageCode) => {
    if (!(await saveInterfaceLanguage(code))) setNotSaved(true);
  };
  // Said from a render, so in the language just chosen rather than the one the handler was made in.
  useEffect(() => {
    if (!notSaved) return;
    notify.error(t('dashboard.menu.languageNotSaved'));
    setNotSaved(false);
  }, [notSaved, t]);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const initials =
    fullName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';

  // Escape closes and gives focus back to the button; a click or focus elsewhere closes too.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        // The visible initials start the name too (WCAG 2.5.3: what you see is what you say).
        aria-label={`${initials} – ${t('dashboard.menu.open')}`}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full bg-brand text-base font-bold text-on-brand shadow-sm transition hover:bg-brand-strong"
      >
        {initials}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 w-64 rounded-2xl border border-line bg-surface p-2 shadow-xl"
      >
        <p className="truncate px-3 pt-1 pb-2 text-sm text-muted">{t('dashboard.menu.signedInAs', { email })}</p>
        <ul className="flex flex-col gap-0.5 border-t border-line pt-2">
          <li>
            <Link to={paths.app.languages} className={item} onClick={() => setOpen(false)}>
              <Languages aria-hidden="true" className="size-5 text-muted" />
              {t('dashboard.shortcuts.languages')}
            </Link>
          </li>
          <li className="px-3 py-2">
            <LanguageSelect showLabel onChosen={saveLanguage} />
          </li>
          <li>
            <button
              type="button"
              className={item}
              onClick={async () => {
                await logout();
                navigate(paths.home, { replace: true });
              }}
            >
              <LogOut aria-hidden="true" className="size-5 text-muted rtl:-scale-x-100" />
              {t('dashboard.menu.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
