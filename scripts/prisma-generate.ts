// Generates the Prisma Client into src/generated/prisma (run by `npm install` and `npm ci`).
//
// `prisma generate` needs nothing from the network, but the Prisma CLI first tries to download its
// native schema engine, which it only needs for `prisma migrate`/`db` commands. Naming any existing
// file in PRISMA_SCHEMA_ENGINE_BINARY skips that download; generation never runs the engine.
// CHECKPOINT_DISABLE turns off the CLI's update check, which would wait on the network.

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let prismaCli: string;
try {
  prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');
} catch {
  // A production install (`npm ci --omit=dev`) has no Prisma CLI; the image copies the generated client in.
  console.log('prisma-generate: the Prisma CLI is not installed (production install); skipping');
  process.exit(0);
}

const result = spawnSync(process.execPath, [prismaCli, 'generate'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(root, 'package.json'),
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
