/** Parla's mark: two overlapping speech bubbles. Drawn in SVG so no image request is needed. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <rect x="2" y="4" width="26" height="22" rx="9" fill="#4f46e5" />
      <path d="M8 24 6 32l9-6Z" fill="#4f46e5" />
      <rect x="14" y="13" width="24" height="20" rx="9" fill="#f59e0b" />
      <path d="M32 31l3 7-9-5Z" fill="#f59e0b" />
      <circle cx="21" cy="23" r="2" fill="#fff" />
      <circle cx="26" cy="23" r="2" fill="#fff" />
      <circle cx="31" cy="23" r="2" fill="#fff" />
    </svg>
  );
}

export function BrandLogo() {
  return (
    <span className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-fg">
      <BrandMark className="size-9" />
      Parla
    </span>
  );
}
