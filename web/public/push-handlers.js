// Web Push in the service worker: shows what the service pushed (src/notify/push/payload.ts:
// `{ title, body, url, tag, id }`, words only) and, on a click, focuses the game's page if a tab
// has it open, or opens it. Imported by the service worker (sw.js: importScripts('/push-handlers.js')).

/* global self, URL -- a service worker's own globals */

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const title = message && typeof message.title === 'string' ? message.title : 'Judge Dredd play-by-web';
  const options = {
    body: message && typeof message.body === 'string' ? message.body : 'A game is waiting for you.',
    // One notification per game: a newer push about it replaces the older one.
    tag: message && typeof message.tag === 'string' ? message.tag : undefined,
    renotify: Boolean(message && message.tag),
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: message && typeof message.url === 'string' ? message.url : '/' },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only pages of this origin: the payload's URL is the service's own, but a worker opens nothing else.
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL(target.pathname + target.search, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname === new URL(url).pathname);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
