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

// A page behind an account (/app…, /setup) opened directly: the API calls its first screen makes,
// sent now, while the app's code downloads, instead of after it has run. They are made in the
// order and on the conditions the app would make them (src/lib/auth/auth-provider.tsx and
// RequireAccount in src/app/routes/account/account-layout.tsx); nothing here decides anything from
// the answers. The app's own calls pick them up and validate them (src/lib/early-requests.ts).
(() => {
  const path = location.pathname;
  if (!/^\/(app|setup)(\/|$)/.test(path) || typeof fetch !== 'function') return;
  if (typeof crypto.randomUUID !== 'function' || typeof AbortSignal.timeout !== 'function') return;
  const send = (route, method, token) =>
    fetch(`/api/v1${route}`, {
      method,
      headers: Object.assign(
        { Accept: 'application/json', 'X-Request-Id': crypto.randomUUID() },
        token ? { Authorization: `Bearer ${token}` } : {},
      ),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(15000),
    });
  const body = (response) => (response?.ok ? response.clone().json() : null);
  // "METHOD /route" → the response, or null when the app would not have made that call.
  const early = {};
  early['POST /auth/refresh'] = send('/auth/refresh', 'POST');
  const token = early['POST /auth/refresh']
    .then(body)
    .then((auth) => (typeof auth?.access_token === 'string' ? auth.access_token : null));
  early['GET /users/me'] = token.then((value) => value && send('/users/me', 'GET', value));
  // The dashboard is a read without effects: asked for beside the profile, which it follows.
  if (/^\/app\/?$/.test(path)) early['GET /dashboard'] = token.then((value) => value && send('/dashboard', 'GET', value));
  // Starting a lesson has an effect (a session of the day): only once the profile says the lesson
  // screen will show.
  const lesson = /^\/app\/lesson\/([^/]+)\/?$/.exec(path);
  let start = null;
  try {
    start = lesson && `/lessons/${encodeURIComponent(decodeURIComponent(lesson[1]))}/start`;
  } catch {
    // A malformed %-escape: no lesson route matches it.
  }
  if (start) {
    early[`POST ${start}`] = Promise.all([token, early['GET /users/me'].then(body)]).then(([value, me]) =>
      value && me?.profile?.profile_completed === true ? send(start, 'POST', value) : null,
    );
  }
  // Each is awaited by the app, or dropped: a failure must not also surface as unhandled.
  for (const response of Object.values(early)) response.catch(() => undefined);
  window.parlaEarlyRequests = early;
})();
