// The web app's service worker: what makes it installable, and where Web Push is received (push-handlers.js).
// It keeps nothing: no cache, so it can never show a game as it stood. Every request goes to the
// network as if there were no worker (the API under /v1/ included: no respondWith for it). Only a
// page load that cannot reach the service gets a short page saying so, instead of the browser's.

/* global self, URL, fetch, Response, importScripts -- a service worker's own globals */

// Web Push: showing a push and opening its game on a click (push-handlers.js).
importScripts('/push-handlers.js');

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The app's stylesheet cannot be fetched offline: the page takes the system's colours (Canvas,
// CanvasText) in the reader's light or dark scheme.
const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Offline — Judge Dredd play-by-web</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; color: CanvasText; background: Canvas"><h1>You are offline</h1><p>The service cannot be reached. Your games are kept there: reload once you are back online.</p></body></html>`;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || new URL(request.url).pathname.startsWith('/v1/')) return;
  event.respondWith(
    fetch(request).catch(() => new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })),
  );
});
