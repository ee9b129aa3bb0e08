import { defineConfig } from 'vitest/config';

// The browser tests (`npm run test:e2e`, and .ci/run): the web client in Debian's Chromium, driven
// by playwright-core, against the service on a test database. Kept out of vitest.config.ts, so
// `npm test` needs no browser. One file at a time: a browser per file is enough for two cores (two
// at a time took 9 min 2 s against 9 min 40 s, each file twice as long). The files share the
// worker's modules rather than each importing the service afresh (with the accessibility check's
// trim, 7 min 35 s against 9 min 40 s), as the service's files do (vitest.config.ts): each closes
// its app and browsers.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
