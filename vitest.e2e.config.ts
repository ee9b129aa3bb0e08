import { defineConfig } from 'vitest/config';

// The browser tests (`npm run test:e2e`, and .ci/run): the web client in Debian's Chromium, driven
// by playwright-core, against the service on a test database. Kept out of vitest.config.ts, so
// `npm test` needs no browser. One file at a time: a browser per file is enough for two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
