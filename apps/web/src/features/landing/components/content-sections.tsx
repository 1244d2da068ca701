import ArrowRight from 'lucide-react/icons/arrow-right';
import BookOpen from 'lucide-react/icons/book-open';
import CreditCard from 'lucide-react/icons/credit-card';
import Mail from 'lucide-react/icons/mail';
import Shield from 'lucide-react/icons/shield';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/language-context';
import { Link } from '@/lib/router';
import { BLOG_POSTS, FAQ_IDS, HELP_TOPICS } from '../content';
import { SectionHeading } from './section-heading';

export function BlogSection() {
  const { t, language } = useI18n();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <section id="blog" aria-labelledby="blog-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="blog-title"
        eyebrow={t('landing.blog.eyebrow')}
        title={t('landing.blog.title')}
        subtitle={t('landing.blog.subtitle')}
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {BLOG_POSTS.map((post) => (
          <li key={post.id}>
            <article className="flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-surface shadow-sm">
              <div
                aria-hidden="true"
                className="grid h-36 place-items-center bg-gradient-to-br from-brand-soft via-surface-muted to-amber-100 text-6xl dark:to-amber-950/40"
              >
                {post.emoji}
              </div>
              <div className="flex flex-1 flex-col gap-3 p-6">
                <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
                  <span className="rounded-full bg-brand-soft px-2.5 py-0.5 font-semibold text-brand-text">
                    {t(`landing.blog.${post.id}.category`)}
                  </span>
                  <time dateTime={post.date}>{date.format(new Date(post.date))}</time>
                  <span aria-hidden="true">·</span>
                  <span>{t('landing.blog.readTime', { minutes: post.readMinutes })}</span>
                </p>
                <h3 className="text-xl font-bold">{t(`landing.blog.${post.id}.title`)}</h3>
                <p className="text-base text-muted">{t(`landing.blog.${post.id}.excerpt`)}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FaqSection() {
  const { t } = useI18n();
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-surface-muted py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow={t('landing.faq.eyebrow')} title={t('landing.faq.title')} />
        <div className="flex flex-col gap-3">
          {FAQ_IDS.map((id) => (
            <details key={id} className="group rounded-2xl border border-line bg-surface px-5 open:shadow-sm">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
                {t(`landing.faq.${id}.question`)}
                <span
                  aria-hidden="true"
                  className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-text transition group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="pb-5 text-base text-muted">{t(`landing.faq.${id}.answer`)}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

export function AboutSection() {
  const { t } = useI18n();
  const values = ['open', 'learners', 'real'] as const;
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading id="about-title" align="start" eyebrow={t('landing.about.eyebrow')} title={t('landing.about.title')} />
          <div className="flex flex-col gap-4 text-lg text-muted">
            <p>{t('landing.about.p1')}</p>
            <p>{t('landing.about.p2')}</p>
          </div>
        </div>
        <ul className="grid gap-4">
          {values.map((value, index) => (
            <li key={value} className="flex gap-4 rounded-3xl border border-line bg-surface p-6">
              <span aria-hidden="true" className="text-3xl">
                {['🌱', '💜', '🎯'][index]}
              </span>
              <div>
                <h3 className="text-lg font-bold">{t(`landing.about.${value}.title`)}</h3>
                <p className="text-base text-muted">{t(`landing.about.${value}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const HELP_ICONS = { gettingStarted: BookOpen, billing: CreditCard, privacy: Shield, contact: Mail } as const;

export function HelpCenterSection() {
  const { t } = useI18n();
  return (
    <section id="help-center" aria-labelledby="help-title" className="bg-surface-muted py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="help-title"
          eyebrow={t('landing.help.eyebrow')}
          title={t('landing.help.title')}
          subtitle={t('landing.help.subtitle')}
        />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {HELP_TOPICS.map((topic) => {
            const Icon = HELP_ICONS[topic.id];
            const content = (
              <>
                <Icon aria-hidden="true" className="size-7 text-brand-text" />
                <span className="text-lg font-bold text-fg">{t(`landing.help.${topic.id}.title`)}</span>
                <span className="text-base text-muted">{t(`landing.help.${topic.id}.text`)}</span>
                <span className="mt-auto flex items-center gap-1 text-sm font-bold text-brand-text">
                  {t('landing.help.open')}
                  <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                </span>
              </>
            );
            const className =
              'flex h-full flex-col gap-2 rounded-3xl border border-line bg-surface p-6 transition hover:border-brand hover:shadow-md';
            return (
              <li key={topic.id}>
                {topic.href.startsWith('/') ? (
                  <Link to={topic.href} className={className}>
                    {content}
                  </Link>
                ) : (
                  <a href={topic.href} className={className}>
                    {content}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function CommunitySection() {
  const { t } = useI18n();
  return (
    <section id="community" aria-labelledby="community-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="relative overflow-hidden rounded-[2.5rem] bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-14 text-center text-white sm:px-12">
        <div data-decorative aria-hidden="true" className="pointer-events-none absolute inset-0 opacity-20">
          <span className="absolute start-6 top-6 text-6xl">💬</span>
          <span className="absolute end-10 top-10 text-5xl">🌍</span>
          <span className="absolute start-1/4 bottom-4 text-5xl">🏆</span>
          <span className="absolute end-1/4 bottom-8 text-6xl">🔥</span>
        </div>
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-5">
          <p className="text-sm font-bold tracking-widest text-indigo-100 uppercase">{t('landing.community.eyebrow')}</p>
          <h2 id="community-title" className="text-3xl font-extrabold text-balance sm:text-4xl">
            {t('landing.community.title')}
          </h2>
          <p className="text-lg text-indigo-50">{t('landing.community.text')}</p>
          <Link to={paths.signup} className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
            {t('landing.community.join')}
          </Link>
        </div>
      </div>
    </section>
  );
}

export function FinalCta() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="final-cta-title" className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
      <p aria-hidden="true" className="mb-4 text-5xl">
        🚀
      </p>
      <h2 id="final-cta-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
        {t('landing.cta.title')}
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted">{t('landing.cta.text')}</p>
      <Link to={paths.signup} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {t('landing.cta.button')}
      </Link>
    </section>
  );
}
