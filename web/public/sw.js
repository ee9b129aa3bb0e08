// The web app's service worker, as far as Web Push needs one: it takes over at once and receives
// pushes (push-handlers.js). It caches nothing.

/* global self, importScripts -- a service worker's own globals */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

importScripts('/push-handlers.js');
