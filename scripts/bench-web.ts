// npm run bench:web — the web client's size and speed, printed as figures (never a timed test):
//   1. the JavaScript the game page loads (every script index.html pulls in, and what they import),
//      raw, gzip and brotli: the target is under 150 KB compressed;
//   2. the first render of a game: the service (src/main.ts, as npm start runs it) on a throw-away
//      database, a signed-in player's game against a bot, opened in Debian's Chromium
//      (playwright-core); the time from navigation to the board drawn with the player's hand,
//      cold (empty cache) and warm (reloads). Target: under 1 s.
// Builds the client first. Needs Chromium for 2 (CHROMIUM_PATH or /usr/bin/chromium).
//   npm run bench:web -- --loads 10

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PROJECT_ROOT } from '../src/config/config.ts';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { say, startService } from './support/bench-service.ts';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '10' } } });
const loads = Math.max(1, Number(values.loads));
const dist = path.join(PROJECT_ROOT, 'web', 'dist');

if (spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { cwd: PROJECT_ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

// 1. Size: the game page is the one page of the app, so everything under assets/ it can load.
const scripts = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
const bytes = Buffer.concat(scripts.map((name) => readFileSync(path.join(dist, 'assets', name))));
const gzip = gzipSync(bytes, { level: 9 }).length;
const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
say(`javascript: ${scripts.length} file(s), ${kb(bytes.length)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (target < 150 KB compressed)`);

// 2. First render.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  say(`first render: skipped, no Chromium at ${chromiumPath} (apt-get update && apt-get install -y chromium)`);
  say(`bench:web js_gzip=${(gzip / 1024).toFixed(1)}KB js_brotli=${(brotli / 1024).toFixed(1)}KB`);
  process.exit(0);
}
const logger = createLogger('warn');
const database = await openBenchDatabase(logger, 'hs_bench_web');
const service = await startService({ databaseUrl: database.url });
const profile = mkdtempSync(path.join(os.tmpdir(), 'hs-bench-web-'));
try {
  const post = async (route: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${service.url}${route}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const handle = `bench${Date.now().toString(36)}`;
  const account = await post('/v1/accounts', null, { handle, email: `${handle}@example.com`, password: 'correct horse battery staple' });
  const token = account.token as string;
  const game = await post('/v1/games', token, { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } });
  await post(`/v1/games/${game.id as string}/seats/0/claim`, token);

  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // Signed in as a returning player is: the session is in localStorage before the game is opened.
  await page.goto(`${service.url}/login`);
  await page.evaluate(
    // Runs in the page: its localStorage (this script is compiled without the DOM's types).
    ([key, value]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key!, value!),
    ['judge-dredd-pbw.session', JSON.stringify({ token, handle, expiresAt: account.expiresAt })],
  );
  await context.clearCookies();
  const cdp = await context.newCDPSession(page);
  const times: number[] = [];
  for (let i = 0; i <= loads; i++) {
    if (i === 0) await cdp.send('Network.clearBrowserCache');
    const start = performance.now();
    await page.goto(`${service.url}/games/${game.id as string}`);
    await page.locator('main.game-page .board .space').first().waitFor();
    await page.locator('main.game-page .hand').waitFor();
    times.push(performance.now() - start);
  }
  await context.close();
  const [cold, ...warm] = times;
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)]!;
  say(`first render of a game (navigation to board and hand drawn): cold ${cold!.toFixed(0)} ms; warm median ${median.toFixed(0)} ms, max ${warm[warm.length - 1]!.toFixed(0)} ms over ${warm.length} loads (target < 1000 ms)`);
  say(`bench:web js_gzip=${(gzip / 1024).toFixed(1)}KB js_brotli=${(brotli / 1024).toFixed(1)}KB first_render_cold=${cold!.toFixed(0)}ms first_render_warm_p50=${median.toFixed(0)}ms`);
} finally {
  rmSync(profile, { recursive: true, force: true });
  await service.stop();
  await database.close();
}
