import Brain from 'lucide-react/icons/brain';
import ChartColumn from 'lucide-react/icons/chart-column';
import MessageCircle from 'lucide-react/icons/message-circle';
import Mic from 'lucide-react/icons/mic';
import Smartphone from 'lucide-react/icons/smartphone';
import Users from 'lucide-react/icons/users';
import { useI18n } from '@/lib/i18n/language-context';
import { FEATURE_IDS, type FeatureId } from '../content';
import { STATS } from '../stats';
import { SectionHeading } from './section-heading';

const ICONS: Record<FeatureId, { icon: typeof Brain; tone: string }> = {
  aiTutor: { icon: Brain, tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' },
  conversation: { icon: MessageCircle, tone: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300' },
  pronunciation: { icon: Mic, tone: 'bg-pink-100 text-pink-700 dark:bg-pink-950 dark:text-pink-300' },
  progress: { icon: ChartColumn, tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300' },
  community: { icon: Users, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  anywhere: { icon: Smartphone, tone: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300' },
};

export function FeaturesSection() {
  const { t, language } = useI18n();
  const accuracy = new Intl.NumberFormat(language, { style: 'percent' }).format(STATS.voiceAccuracy);
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="features-title"
        eyebrow={t('landing.features.eyebrow')}
        title={t('landing.features.title')}
        subtitle={t('landing.features.subtitle')}
      />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURE_IDS.map((id) => {
          const { icon: Icon, tone } = ICONS[id];
          return (
            <li
              key={id}
              className="group rounded-3xl border border-line bg-surface p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg motion-reduce:hover:translate-y-0"
            >
              <span className={`mb-4 grid size-12 place-items-center rounded-2xl ${tone}`}>
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mb-2 text-xl font-bold">{t(`landing.features.${id}.title`)}</h3>
              <p className="text-base text-muted">{t(`landing.features.${id}.text`, { accuracy })}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
