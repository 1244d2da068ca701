/** Keyboard users jump past the header or straight to the navigation (WCAG 2.4.1). */
export function SkipLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <div className="fixed start-2 top-2 z-[60] flex flex-col gap-2">
      {links.map((link) => (
        <a
          key={link.href}
          href={link.href}
          className="sr-only rounded-full bg-brand px-4 py-2 font-semibold text-on-brand shadow-lg focus:not-sr-only focus:inline-block"
        >
          {link.label}
        </a>
      ))}
    </div>
  );
}
