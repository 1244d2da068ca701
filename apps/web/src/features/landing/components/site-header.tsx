import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { BrandLogo } from '@/components/ui/brand-logo';
import { buttonClasses } from '@/components/ui/button';
import { LanguageSelect } from '@/components/ui/language-select';
import { paths } from '@/config/paths';
import { wasSignedIn } from '@/lib/auth/signed-in-hint';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';

const ANCHORS = [
  { href: '#features', key: 'landing.nav.features' },
  { href: '#how-it-works', key: 'landing.nav.howItWorks' },
  { href: '#learning-methods', key: 'landing.nav.methods' },
  { href: '#pricing', key: 'landing.nav.pricing' },
  { href: '#blog', key: 'landing.nav.blog' },
  { href: '#faq', key: 'landing.nav.faq' },
] as const;

export function SiteHeader() {
  const { t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  // Read once: a hint from this browser's last session (the landing never loads the account code).
  const [signedIn] = useState(wasSignedIn);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header id="navigation" tabIndex={-1} className="sticky top-0 z-30 border-b border-line/70 bg-canvas/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to={paths.home} className="shrink-0 rounded-lg" aria-label={t('landing.nav.homeLabel')}>
          <BrandLogo />
        </Link>
        <nav aria-label={t('landing.nav.label')} className="ms-4 hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            {ANCHORS.map((anchor) => (
              <li key={anchor.href}>
                <a
                  href={anchor.href}
                  className="rounded-full px-3 py-2 text-sm font-semibold text-muted transition hover:bg-surface-muted hover:text-fg"
                >
                  {t(anchor.key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSelect className="w-36 sm:w-40" />
          {signedIn ? (
            <Link to={paths.app.dashboard} className={buttonClasses({ size: 'sm', className: 'max-sm:hidden' })}>
              {t('landing.nav.myLessons')}
            </Link>
          ) : (
            <>
              <Link to={paths.login} className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'max-sm:hidden' })}>
                {t('landing.nav.signIn')}
              </Link>
              <Link to={paths.signup} className={buttonClasses({ size: 'sm', className: 'max-sm:hidden' })}>
                {t('landing.nav.getStarted')}
              </Link>
            </>
          )}
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('landing.nav.closeMenu') : t('landing.nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            className="grid size-10 place-items-center rounded-full border border-line bg-surface text-fg lg:hidden"
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label={t('landing.nav.label')} className="border-t border-line bg-canvas px-4 pb-5 lg:hidden">
          <ul className="grid grid-cols-2 gap-1 py-3">
            {ANCHORS.map((anchor) => (
              <li key={anchor.href}>
                <a
                  href={anchor.href}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-xl px-3 py-3 text-base font-semibold text-fg hover:bg-surface-muted"
                >
                  {t(anchor.key)}
                </a>
              </li>
            ))}
          </ul>
          {signedIn ? (
            <Link to={paths.app.dashboard} className={buttonClasses({ className: 'w-full' })}>
              {t('landing.nav.myLessons')}
            </Link>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Link to={paths.login} className={buttonClasses({ variant: 'secondary' })}>
                {t('landing.nav.signIn')}
              </Link>
              <Link to={paths.signup} className={buttonClasses()}>
                {t('landing.nav.getStarted')}
              </Link>
            </div>
          )}
        </nav>
      ) : null}
    </header>
  );
}
