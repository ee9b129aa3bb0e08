// npm run test:e2e: the browser tests (test/e2e, vitest.e2e.config.ts) in Debian's Chromium.
// Installs nothing: without Chromium it says how to get it and fails. Builds the web client first,
// so the tests play the current sources. Extra arguments go to vitest (e.g. a file name).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`test:e2e: no Chromium at ${chromium}.`);
  console.error('  Install Debian’s package:  apt-get update && apt-get install -y chromium');
  console.error('  (or point CHROMIUM_PATH at a Chromium binary). .ci/run installs it when missing.');
  process.exit(1);
}
const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (run(['--import', 'tsx', 'scripts/build-web.ts']) !== 0) process.exit(1);
process.exit(run(['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]));
