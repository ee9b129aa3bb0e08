// Loaded into the service (and the floor) by `npm run bench:api -- --profile` (node --import): a SIGUSR2 starts a
// CPU profile and the next one stops it and writes it under BENCH_PROFILE_DIR, so that a profile
// holds the measured window alone, not the start-up, the registrations or the other phases that
// a whole-process profile (node --cpu-prof) mixes in. Read one with scripts/profile-top.ts.
// Beside each profile, `<profile>.queries.json`: the statements the service sent the database in
// the same window, counted by name (or text), so that reads per command can be checked.

import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import pg from 'pg';

const dir = process.env.BENCH_PROFILE_DIR ?? '.bench';
/** The files' first word: `service`, or `floor` for the floor's process. */
const label = process.env.BENCH_PROFILE_LABEL ?? 'service';
const session = new inspector.Session();
session.connect();
let profiling = false;
let written = 0;
/** Starts and stops in the order the signals came. */
let queue = Promise.resolve();
/** Statements sent while profiling, by name or text. */
let queries = new Map<string, number>();

// Every pool and client of the service (Prisma's adapter included) sends through Client#query.
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  if (profiling) {
    const [config] = args as [string | { name?: string; text?: string }];
    const key = (typeof config === 'string' ? config : (config.name ?? config.text ?? '?')).replace(/\s+/g, ' ').slice(0, 100);
    queries.set(key, (queries.get(key) ?? 0) + 1);
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

process.on('SIGUSR2', () => {
  queue = queue.then(toggle).catch((error: unknown) => void process.stderr.write(`profile-on-signal: ${String(error)}\n`));
});

async function toggle(): Promise<void> {
  if (!profiling) {
    profiling = true;
    queries = new Map();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    return;
  }
  profiling = false;
  const { profile } = await session.post('Profiler.stop');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${label}-${process.pid}-${++written}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  fs.writeFileSync(`${file}.queries.json`, JSON.stringify(Object.fromEntries([...queries].sort((a, b) => b[1] - a[1])), null, 1));
}
