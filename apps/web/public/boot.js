// Runs before the app so the first paint already has the saved theme and text size (no flash of
// the wrong theme). An external file because the CSP allows no inline script. Keep it tiny; the
// React providers own these classes afterwards.
(() => {
  const root = document.documentElement;
  try {
    const theme = localStorage.getItem('parla.theme');
    const dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    const a11y = JSON.parse(localStorage.getItem('parla.accessibility') || '{}');
    if (a11y && a11y.largeText === true) root.classList.add('a11y-large-text');
    if (a11y && a11y.highContrast === true) root.classList.add('a11y-high-contrast');
    const language = localStorage.getItem('parla.interface-language');
    if (language === 'ar' || language === 'he') root.dir = 'rtl';
  } catch {
    // Storage unavailable or unparsable: the providers decide and log.
  }
})();
