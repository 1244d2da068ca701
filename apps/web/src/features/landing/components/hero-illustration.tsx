import { useI18n } from '@/lib/i18n/language-context';

// Greetings in the languages learners take most: sample content, the same in every interface language.
const GREETINGS = [
  { text: '¡Hola!', lang: 'es', className: 'start-0 top-6 bg-[#fde68a] text-amber-950 rotate-[-6deg]' },
  { text: 'Bonjour', lang: 'fr', className: 'end-2 top-0 bg-[#bfdbfe] text-blue-950 rotate-[5deg]' },
  { text: 'こんにちは', lang: 'ja', className: 'end-0 bottom-24 bg-[#fbcfe8] text-pink-950 rotate-[4deg]' },
  { text: 'مرحبا', lang: 'ar', className: 'start-0 -bottom-1 bg-[#bbf7d0] text-green-950 rotate-[-4deg]' },
] as const;

/** The hero's sample lesson card and greetings, inside the box the hero keeps for them. */
export default function HeroIllustration() {
  const { t } = useI18n();
  return (
    <div className="absolute inset-0">
      <div className="absolute inset-8 rounded-[3rem] bg-gradient-to-br from-brand/25 via-accent/20 to-pink-400/20 blur-2xl" />
      {GREETINGS.map((greeting, index) => (
        <span
          key={greeting.lang}
          lang={greeting.lang}
          dir={greeting.lang === 'ar' ? 'rtl' : 'ltr'}
          style={{ animationDelay: `${index * 0.8}s` }}
          className={`absolute z-10 rounded-2xl px-4 py-2 text-lg font-bold shadow-lg motion-safe:animate-float ${greeting.className}`}
        >
          {greeting.text}
        </span>
      ))}
      <div className="absolute inset-x-6 top-14 bottom-6 flex flex-col gap-4 rounded-[2.5rem] border border-line bg-surface p-6 shadow-2xl sm:inset-x-10">
        <div className="flex items-center gap-3">
          <span className="h-3 flex-1 overflow-hidden rounded-full bg-surface-muted">
            <span className="block h-full w-3/5 rounded-full bg-gradient-to-r from-brand to-accent" />
          </span>
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-sm font-bold text-orange-700 dark:bg-orange-950 dark:text-orange-300">
            🔥 12
          </span>
        </div>
        <p className="text-sm font-bold tracking-wide text-muted uppercase">{t('landing.hero.card.prompt')}</p>
        <p className="text-xl font-extrabold">
          <q>{t('landing.hero.card.phrase')}</q>
        </p>
        <div className="flex flex-col gap-2">
          <span lang="es" className="rounded-2xl border-2 border-line px-4 py-3 font-semibold">
            Buenas noches
          </span>
          <span
            lang="es"
            className="flex items-center justify-between rounded-2xl border-2 border-success bg-success-soft px-4 py-3 font-semibold"
          >
            Buenos días <span className="text-success">✓</span>
          </span>
          <span lang="es" className="rounded-2xl border-2 border-line px-4 py-3 font-semibold">
            Hasta luego
          </span>
        </div>
        <div className="mt-auto flex items-center justify-between rounded-2xl bg-brand-soft px-4 py-3">
          <span className="font-bold text-brand-text">{t('landing.hero.card.correct')}</span>
          <span className="rounded-full bg-brand px-3 py-1 text-sm font-bold text-on-brand">+15 XP</span>
        </div>
      </div>
    </div>
  );
}
