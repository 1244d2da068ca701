import { useI18n } from '@/lib/i18n/language-context';

/** A tab's placeholder while its data loads, announced once to screen readers. */
export function TabSkeleton({ heights = ['h-40', 'h-24', 'h-64'] }: { heights?: string[] }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p className="sr-only" role="status">
        {t('common.loading')}
      </p>
      {heights.map((height, index) => (
        <div key={index} className={`${height} rounded-3xl bg-surface-muted motion-safe:animate-pulse`} />
      ))}
    </div>
  );
}
