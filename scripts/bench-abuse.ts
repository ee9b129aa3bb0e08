// One account's worst burst against another account's ordinary reads (issue 28): does one account
// slow everyone else down, and does the service ever answer 5xx other than 503 with retry-after?
//
//   npm run bench:abuse                     # embedded Postgres
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:abuse
//   npm run bench:abuse -- --idle 5 --duration 15 --pool-max 10
//
// 1. The service runs as its own process (src/main.ts) with its default resource limits (open
//    games 20, games a day 100, tokens 50, streams 16 per caller) and its default rate limit (600
//    requests a minute per account); `--rate-limit off` lets the whole burst reach the database,
//    the worst case for the pool.
// 2. A reader (another account, seated in a started game) reads in a loop, one request at a time,
//    `--pace-ms` apart: its game, then its account. For `--idle` s alone: its idle p95.
// 3. Then for `--duration` s, the attacker sends, wave after wave, all at once: 12 token creations,
//    30 game creations, 6 claims to seats 1,2,3,1,2,3 of a fresh 4-seat game, and keeps 20 event
//    streams open (opening more as they are refused or closed). The reader goes on reading.
// 4. Prints the reader's p50/p95 idle and under the burst, their ratio (goal < 5), and every status
//    the attacker got; fails (exit 1) on a 5xx other than 503 with retry-after.

import os from 'node:os';
import { parseArgs } from 'node:util';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { Api, percentile, register, say, sleep, startService, twoPlayerGame, type Service } from './support/bench-service.ts';

const { values: args } = parseArgs({
  options: {
    idle: { type: 'string', default: '10' },
    duration: { type: 'string', default: '20' },
    /** The reader's pause between requests: 150 ms is 400 a minute, inside the default rate limit. */
    'pace-ms': { type: 'string', default: '150' },
    'pool-max': { type: 'string' },
    /** Requests a minute per account: the service's default (600), or `off`. */
    'rate-limit': { type: 'string', default: '600' },
    'log-level': { type: 'string', default: 'warn' },
  },
});

const logger = createLogger('warn');
const database = await openBenchDatabase(logger, 'hs_bench_abuse');
let service: Service | undefined;
const apis: Api[] = [];
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} before the run`);
  service = await startService({
    databaseUrl: database.url,
    logLevel: args['log-level'],
    poolMax: args['pool-max'],
    // The defaults (startService lifts the game limits for the other benchmarks).
    env: { OPEN_GAMES_PER_ACCOUNT: '20', GAMES_PER_DAY_PER_ACCOUNT: '100', RATE_LIMIT_PER_MINUTE: args['rate-limit'] === 'off' ? '0' : args['rate-limit'] },
  });
  const readerApi = new Api(service.url, 2);
  const attackApi = new Api(service.url, 128);
  apis.push(readerApi, attackApi);

  const reader = await register(readerApi, 'reader');
  const opponent = await register(readerApi, 'opponent');
  const attacker = await register(attackApi, 'attacker');
  let host = await register(attackApi, 'host');
  const game = await twoPlayerGame(readerApi, [reader, opponent], { map: 'dan-tanna-enid-blyton' });

  // ── the reader ──
  let phase = 'idle' as 'idle' | 'burst' | 'done';
  const latencies = { idle: [] as number[], burst: [] as number[] };
  const readerStatuses = new Map<number, number>();
  const reading = (async () => {
    while (phase !== 'done') {
      for (const path of [`/v1/games/${game}`, '/v1/me']) {
        const started = performance.now();
        const res = await readerApi.call('GET', path, reader);
        const ms = performance.now() - started;
        readerStatuses.set(res.status, (readerStatuses.get(res.status) ?? 0) + 1);
        const now = phase as 'idle' | 'burst' | 'done'; // changed by the attacker meanwhile
        if (now !== 'done') latencies[now].push(ms);
        await sleep(Number(args['pace-ms']));
      }
    }
  })();

  await sleep(Number(args.idle) * 1000);
  phase = 'burst';

  // ── the attacker ──
  const statuses = new Map<string, number>();
  const bad: string[] = [];
  const note = (what: string, status: number, retryAfter: string | undefined) => {
    const key = `${what} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (status >= 500 && !(status === 503 && retryAfter)) bad.push(key);
  };
  const send = async (what: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await attackApi.http.request({
      method,
      path,
      headers: { authorization: `Bearer ${attacker}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.body.text();
    note(what, res.statusCode, res.headers['retry-after'] as string | undefined);
    return res.statusCode;
  };
  const stop = Date.now() + Number(args.duration) * 1000;

  // Streams: 20 wanted open at once (the limit is 16: the rest are refused, and retried).
  const streams = Array.from({ length: 20 }, async () => {
    while (Date.now() < stop) {
      const controller = new AbortController();
      const left = stop - Date.now();
      const timer = setTimeout(() => controller.abort(), left);
      try {
        const res = await attackApi.http.request({
          method: 'GET',
          path: `/v1/games/${game}/stream`,
          headers: { authorization: `Bearer ${attacker}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        note('stream', res.statusCode, res.headers['retry-after'] as string | undefined);
        if (res.statusCode !== 200) await res.body.text();
        else await res.body.text().catch(() => undefined); // held open until aborted
      } catch {
        // aborted at the end
      } finally {
        clearTimeout(timer);
      }
      await sleep(50);
    }
  });

  let waves = 0;
  while (Date.now() < stop) {
    const fourSeatGame = () =>
      attackApi.call<{ id: string }>('POST', '/v1/games', host, {
        game: 'helter-skelter',
        options: { map: 'grand-hall-of-justice', seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'nikolai-dante' }, { team: 'strontium-dogs' }] },
      });
    let fourSeats = await fourSeatGame();
    // A host holds 20 open games at most: the next wave's game comes from a new one.
    if (fourSeats.status === 429 && fourSeats.body && (fourSeats.body as { code?: string }).code === 'GAME_LIMIT_REACHED') {
      host = await register(attackApi, 'host');
      fourSeats = await fourSeatGame();
    }
    const wave: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) wave.push(send('token', 'POST', '/v1/me/tokens', { name: `burst ${waves}.${i}` }));
    for (let i = 0; i < 30; i++)
      wave.push(send('create', 'POST', '/v1/games', { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } }));
    if (fourSeats.status === 201) for (const seat of [1, 2, 3, 1, 2, 3]) wave.push(send('claim', 'POST', `/v1/games/${fourSeats.body.id}/seats/${seat}/claim`));
    await Promise.all(wave);
    waves++;
  }
  await Promise.all(streams);
  phase = 'done';
  await reading;

  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  const ratio = percentile(latencies.burst, 95) / percentile(latencies.idle, 95);
  say(`attacker: ${waves} waves; statuses: ${[...statuses].sort().map(([k, n]) => `${k}×${n}`).join(', ')}`);
  say(`reader statuses: ${[...readerStatuses].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  say(`reader idle:  p50=${p(latencies.idle, 50)} ms p95=${p(latencies.idle, 95)} ms n=${latencies.idle.length}`);
  say(`reader burst: p50=${p(latencies.burst, 50)} ms p95=${p(latencies.burst, 95)} ms max=${Math.max(...latencies.burst).toFixed(1)} ms n=${latencies.burst.length}`);
  say(`bench:abuse p95 ratio=${ratio.toFixed(2)} (goal < 5) 5xx-without-retry-after=${bad.length}`);
  if (bad.length > 0 || [...readerStatuses.keys()].some((s) => s !== 200)) process.exitCode = 1;
} finally {
  for (const api of apis) await api.close().catch(() => undefined);
  await service?.stop();
  await database.close();
}
