// Parla's service worker. Registered only when a learner turns push notifications on (settings);
// today it only shows Web Push reminders and opens the app when one is tapped. Offline use will
// extend this same file (one worker per scope).

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A path of this site; anything else opens the app's home. */
function pageUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/app', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/app', self.location.origin).href;
  } catch {
    return new URL('/app', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : 'Parla';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/favicon.svg',
      lang: '',
      ...(typeof message.tag === 'string' && message.tag !== '' ? { tag: message.tag, renotify: true } : {}),
      data: { url: pageUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
