import { clsx } from 'clsx';

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  align?: 'center' | 'start';
}) {
  return (
    <div className={clsx('mb-10 flex max-w-2xl flex-col gap-3', align === 'center' ? 'mx-auto text-center' : 'text-start')}>
      <p className="text-sm font-bold tracking-widest text-brand-text uppercase">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="text-lg text-muted text-pretty">{subtitle}</p> : null}
    </div>
  );
}
