import { BrandLogo } from '@/components/ui/brand-logo';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { NewsletterForm } from './newsletter-form';

const COLUMNS = [
  {
    key: 'product',
    links: [
      { href: '#features', key: 'landing.nav.features' },
      { href: '#how-it-works', key: 'landing.nav.howItWorks' },
      { href: '#learning-methods', key: 'landing.nav.methods' },
      { href: '#pricing', key: 'landing.nav.pricing' },
    ],
  },
  {
    key: 'resources',
    links: [
      { href: '#blog', key: 'landing.nav.blog' },
      { href: '#faq', key: 'landing.nav.faq' },
      { href: '#help-center', key: 'landing.nav.help' },
      { href: '#community', key: 'landing.nav.community' },
    ],
  },
  {
    key: 'company',
    links: [
      { href: '#about', key: 'landing.nav.about' },
      { href: '#contact', key: 'landing.nav.contact' },
    ],
  },
] as const;

const LEGAL_LINKS = [
  { to: paths.privacy, key: 'landing.footer.privacy' },
  { to: paths.terms, key: 'landing.footer.terms' },
  { to: paths.cookies, key: 'landing.footer.cookies' },
] as const;

export function SiteFooter() {
  const { t } = useI18n();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.2fr_2fr_1.4fr]">
        <div className="flex flex-col gap-3">
          <BrandLogo />
          <p className="max-w-xs text-base text-muted">{t('landing.footer.tagline')}</p>
        </div>
        <nav aria-label={t('landing.footer.navLabel')} className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <div key={column.key}>
              <h2 className="mb-3 text-sm font-bold tracking-widest text-muted uppercase">{t(`landing.footer.${column.key}`)}</h2>
              <ul className="flex flex-col gap-2">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className="text-base text-fg hover:text-brand-text hover:underline">
                      {t(link.key)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <NewsletterForm />
      </div>
      <section id="legal" aria-labelledby="legal-title" className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-muted sm:px-6 md:flex-row md:items-center md:justify-between">
          <h2 id="legal-title" className="sr-only">
            {t('landing.footer.legalTitle')}
          </h2>
          <p>{t('landing.footer.copyright', { year })}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-semibold text-fg hover:text-brand-text hover:underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </footer>
  );
}
