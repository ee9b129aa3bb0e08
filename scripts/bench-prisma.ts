// Prisma Client against raw SQL through pg, on the one path this issue moved to Prisma that runs on
// every request: the personal access token's row, read for each request that carries a PAT
// (src/auth/tokens.ts, PersonalTokenRows). docs/operations.md records the figure; raw SQL stays
// (or comes back) only where Prisma costs more than 10 %.
//
//   node --import tsx scripts/bench-prisma.ts            # embedded Postgres (durable, as `npm start` runs it)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-prisma.ts
//   node --import tsx scripts/bench-prisma.ts --rounds 6 --duration 2 --concurrency 8 --tokens 1000
//
// Both sides run on one pool (as in the service: Prisma's adapter shares the pg pool) over a
// throw-away database (scripts/support/bench-database.ts) holding `tokens` PATs. Each round runs
// raw then Prisma (then Prisma then raw, alternately) for `duration` seconds each: `concurrency`
// loops each reading a random token's row, as concurrent requests would; a single loop too, for
// the latency of one request. The figure is the median of the rounds' ops/s; ratio = Prisma / raw.

import { parseArgs } from 'node:util';
import pg from 'pg';
import { prismaTokenRows, sqlTokenRows, type PersonalTokenRows } from '../src/auth/tokens.ts';
import { createLogger } from '../src/config/logger.ts';
import { createPrismaClient } from '../src/db/prisma.ts';
import { migrate, readMigrations } from '../src/db/migrations.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    duration: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '8' },
    tokens: { type: 'string', default: '1000' },
  },
});
const ROUNDS = Number(args.rounds);
const DURATION_MS = Number(args.duration) * 1000;
const CONCURRENCY = Number(args.concurrency);
const TOKENS = Number(args.tokens);
/** Prisma may cost this much more than raw SQL on a hot path before the path goes back to SQL. */
const THRESHOLD = 0.1;
const say = (line: string) => process.stdout.write(`${line}\n`);
const logger = createLogger('warn');

const database = await openBenchDatabase(logger, 'hs_bench_prisma');
say(`database: ${database.where}`);
const pool = new pg.Pool({ connectionString: database.url, max: Math.max(CONCURRENCY, 2) });
pool.on('error', () => undefined);
const prisma = createPrismaClient(pool);

try {
  await migrate(pool, await readMigrations(), { logger });
  const ids = await seed();
  const sides: Record<'raw' | 'prisma', PersonalTokenRows> = { raw: sqlTokenRows(pool), prisma: prismaTokenRows(prisma) };

  // Both sides read the same rows the same way: check before measuring.
  for (const id of ids.slice(0, 20)) {
    const [raw, viaPrisma] = await Promise.all([sides.raw.read(id), sides.prisma.read(id)]);
    if (JSON.stringify(raw) !== JSON.stringify(viaPrisma)) throw new Error(`the two reads differ for ${id}: ${JSON.stringify(raw)} ${JSON.stringify(viaPrisma)}`);
  }
  // Warm-up: connections opened, Prisma's query plans cached, the JIT warm.
  await measure(sides.raw, ids, CONCURRENCY, 1000);
  await measure(sides.prisma, ids, CONCURRENCY, 1000);

  say(`PAT row read (access_tokens by id), ${TOKENS} tokens, ${ROUNDS} rounds of ${DURATION_MS / 1000} s per side, node ${process.version}`);
  for (const concurrency of [CONCURRENCY, 1]) {
    const results: Record<'raw' | 'prisma', number[]> = { raw: [], prisma: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['raw', 'prisma'] as const) : (['prisma', 'raw'] as const);
      for (const side of order) results[side].push(await measure(sides[side], ids, concurrency, DURATION_MS));
    }
    const raw = median(results.raw);
    const viaPrisma = median(results.prisma);
    const ratio = viaPrisma / raw;
    const cost = raw / viaPrisma - 1;
    say(`concurrency ${concurrency}:`);
    say(`  raw pg   ${raw.toFixed(0).padStart(7)} ops/s   (rounds: ${results.raw.map((n) => n.toFixed(0)).join(', ')})`);
    say(`  Prisma   ${viaPrisma.toFixed(0).padStart(7)} ops/s   (rounds: ${results.prisma.map((n) => n.toFixed(0)).join(', ')})`);
    say(
      `  ratio Prisma/raw ${ratio.toFixed(2)}: Prisma costs ${(cost * 100).toFixed(1)} % more time per read; ${cost > THRESHOLD ? `over ${THRESHOLD * 100} %: keep raw SQL` : `within ${THRESHOLD * 100} %: Prisma`}`,
    );
  }
} finally {
  await prisma.$disconnect();
  await pool.end();
  await database.close();
}

/** One account and `TOKENS` live tokens, recently used (as in steady state: no last_used_at write). */
async function seed(): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(`INSERT INTO accounts (handle, email, password_hash) VALUES ('bench', 'bench@example.test', 'x') RETURNING id`);
  const { rows: tokens } = await pool.query<{ id: string }>(
    `INSERT INTO access_tokens (account_id, name, expires_at, last_used_at)
     SELECT $1, 'bench ' || n, now() + interval '30 days', now() + interval '1 hour' FROM generate_series(1, $2) n RETURNING id`,
    [rows[0]!.id, TOKENS],
  );
  await pool.query('ANALYZE access_tokens');
  return tokens.map((t) => t.id);
}

/** Reads per second: `concurrency` loops, each reading one random token's row after another. */
async function measure(rows: PersonalTokenRows, ids: string[], concurrency: number, durationMs: number): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const row = await rows.read(ids[Math.floor(Math.random() * ids.length)]!);
        if (!row || row.stale) throw new Error('a seeded token should be found, and fresh');
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
