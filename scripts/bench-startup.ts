// npm run bench:startup [-- --apps 5]: what building the app costs, as every `npm start` and every
// test file that builds an app pays it. On a throw-away database (scripts/support/bench-database.ts),
// migrated once, it composes the app (src/app.ts) `--apps` times in this process, each time until
// `app.ready()` (Fastify registers the routes; a route's schemas compile on its first request,
// src/api/compile-on-first-use.ts), and closes it. The first app pays for loading the modules too,
// so it is shown apart. Last line:
//
//   bench:startup first_ms=F ready_ms=R cpu_ms=C      (R and C: medians of the apps after the first)

import { parseArgs } from 'node:util';
import pg from 'pg';
import { composeApp } from '../src/app.ts';
import { createLogger } from '../src/config/logger.ts';
import { databaseOver } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrations.ts';
import { installJobQueue } from '../src/jobs/queue.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const { values } = parseArgs({ options: { apps: { type: 'string', default: '5' } } });
const apps = Math.max(2, Number(values.apps));
const logger = createLogger('silent');
const database = await openBenchDatabase(createLogger('error'), 'hs_bench_startup');
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const setup = new pg.Pool({ connectionString: database.url, max: 1 });
  setup.on('error', () => undefined);
  await migrate(setup, await readMigrations(), { logger });
  await installJobQueue(setup, logger);
  await setup.end();

  const runs: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < apps; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    const db = databaseOver(pool, await readMigrations());
    const { app } = await composeApp({ readiness: db.readiness, pool: db.pool, settings: {} });
    await app.ready();
    const used = process.cpuUsage(cpu);
    runs.push({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    console.log(`  app ${i + 1}: ready in ${runs.at(-1)!.ms.toFixed(0)} ms, ${runs.at(-1)!.cpuMs.toFixed(0)} ms of CPU`);
    await app.close();
    await db.close();
  }
  const rest = runs.slice(1);
  console.log(
    `bench:startup first_ms=${runs[0]!.ms.toFixed(0)} ready_ms=${median(rest.map((r) => r.ms)).toFixed(0)} cpu_ms=${median(rest.map((r) => r.cpuMs)).toFixed(0)}`,
  );
} finally {
  await database.close();
}
