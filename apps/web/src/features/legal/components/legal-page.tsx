import ArrowLeft from 'lucide-react/icons/arrow-left';
import House from 'lucide-react/icons/house';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { LanguageSelect } from '@/components/ui/language-select';
import { paths } from '@/config/paths';
import { useI18n, useStringGroup } from '@/lib/i18n/language-context';
import { Link, useLocation, useNavigate } from '@/lib/router';

/**
 * The date the policies were last changed. The spec shows "today's date" — a mock; a policy's
 * date must be the real one, so it is a constant updated with the texts.
 */
const LEGAL_LAST_UPDATED = '2026-11-21';

/**
 * A section's blocks in order: "p1" is a paragraph, "list1:5" a list of five items, with keys
 * `<prefix>.<section>.p1` and `<prefix>.<section>.list1.item1…5`.
 */
export interface LegalSection {
  id: string;
  blocks: readonly string[];
}

function SectionBlocks({ prefix, section }: { prefix: string; section: LegalSection }) {
  const { t } = useI18n();
  return section.blocks.map((block) => {
    const [name = block, count] = block.split(':');
    if (count === undefined) {
      return (
        <p key={block} className="text-base leading-relaxed text-muted">
          {t(`${prefix}.${section.id}.${name}`)}
        </p>
      );
    }
    return (
      <ul key={block} className="flex list-disc flex-col gap-2 ps-6 text-base leading-relaxed text-muted marker:text-brand-text">
        {Array.from({ length: Number(count) }, (_, index) => (
          <li key={`${name}-${index + 1}`}>{t(`${prefix}.${section.id}.${name}.item${index + 1}`)}</li>
        ))}
      </ul>
    );
  });
}

export function LegalPage({
  prefix,
  icon,
  sections,
  children,
}: {
  /** Translation key prefix, e.g. "legal.privacy". */
  prefix: string;
  icon: ReactNode;
  sections: readonly LegalSection[];
  /** Extra content after the sections (the cookie page's settings). */
  children?: ReactNode;
}) {
  useStringGroup('legal');
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const updated = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(LEGAL_LAST_UPDATED));

  // Opened directly (no earlier entry in this tab's history of the app): "back" means home.
  const goBack = () => (location.key === 'default' ? navigate(paths.home) : navigate(-1));

  return (
    <>
      <header id="navigation" tabIndex={-1} className="sticky top-0 z-30 border-b border-line/70 bg-canvas/85 backdrop-blur-md">
        <nav aria-label={t('legal.nav.label')} className="mx-auto flex h-16 max-w-4xl items-center gap-2 px-4 sm:px-6">
          <button type="button" onClick={goBack} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('legal.back')}
          </button>
          <Link to={paths.home} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <House aria-hidden="true" className="size-4" />
            {t('legal.backHome')}
          </Link>
          <LanguageSelect className="ms-auto w-36 sm:w-40" />
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-4xl px-4 py-12 focus:outline-none sm:px-6">
        <div className="mb-10 flex flex-col gap-4">
          <span aria-hidden="true" className="grid size-14 place-items-center rounded-2xl bg-brand-soft text-brand-text">
            {icon}
          </span>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t(`${prefix}.title`)}</h1>
          <p className="text-lg text-muted">{t(`${prefix}.intro`)}</p>
          <p className="text-sm font-semibold text-muted" data-testid="last-updated">
            {t('legal.lastUpdated', { date: updated })}
          </p>
        </div>
        <div className="flex flex-col gap-6">
          {sections.map((section, index) => (
            <section
              key={section.id}
              aria-labelledby={`${section.id}-title`}
              className="flex flex-col gap-3 rounded-3xl border border-line bg-surface p-6 sm:p-8"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold">
                <span className="me-2 text-brand-text">{new Intl.NumberFormat(language).format(index + 1)}.</span>
                {t(`${prefix}.${section.id}.title`)}
              </h2>
              <SectionBlocks prefix={prefix} section={section} />
            </section>
          ))}
          {children}
        </div>
        <div className="mt-12 flex flex-wrap gap-3">
          <Link to={paths.home} className={buttonClasses()}>
            <House aria-hidden="true" className="size-4" />
            {t('legal.backHome')}
          </Link>
          {[paths.privacy, paths.terms, paths.cookies]
            .filter((path) => path !== location.pathname)
            .map((path) => (
              <Link key={path} to={path} className={buttonClasses({ variant: 'secondary' })}>
                {t(`legal.link.${path.slice(1)}`)}
              </Link>
            ))}
        </div>
      </main>
    </>
  );
}
