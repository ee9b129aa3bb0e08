// npm run bench:lighthouse — Lighthouse (mobile settings: a phone's screen, a slow 4G link and a
// slower CPU, simulated) on the lobby and on each game's page as its seated player sees it, in
// Debian's Chromium. Prints each page's scores, saves each report as JSON under docs/lighthouse/
// (pictures, timings and the viewer's strings left out), Chromium's installability check of the
// lobby (Page.getInstallabilityErrors: Lighthouse 12 has no PWA category), and, last:
//   bench:lighthouse accessibility_min=A best_practices_min=B performance_min=P pages=N installability_errors=E
// Goals: accessibility and best practices ≥ 95 on every page, no installability error; performance is recorded.
// Builds the client first; runs the service (src/main.ts) on a throw-away database as the other
// benchmarks do. Needs Chromium (CHROME_PATH, else CHROMIUM_PATH, else /usr/bin/chromium).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { PROJECT_ROOT } from '../src/config/config.ts';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { say, startService } from './support/bench-service.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL = 95;
/** Audits whose details are pictures: left out of the saved reports, which stay small and readable. */
const PICTURES = ['screenshot-thumbnails', 'final-screenshot'];
const REPORTS = path.join(PROJECT_ROOT, 'docs', 'lighthouse');

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  say(`bench:lighthouse: no Chromium at ${chromePath} (apt-get update && apt-get install -y chromium, or set CHROME_PATH)`);
  process.exit(1);
}
if (spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { cwd: PROJECT_ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const database = await openBenchDatabase(createLogger('warn'), 'hs_bench_lighthouse');
const service = await startService({ databaseUrl: database.url });
const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
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
  const handle = `lh${Date.now().toString(36)}`;
  const account = await post('/v1/accounts', null, { handle, email: `${handle}@example.com`, password: 'correct horse battery staple' });
  const token = account.token as string;
  // Each game against a bot, the player's seat taken in the same step, as the lobby does.
  const games: Record<string, object> = {
    'helter-skelter': { game: 'helter-skelter', seat: 0, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } },
    'helter-skelter-solo': { game: 'helter-skelter', seat: 0, options: { map: 'dan-tanna-enid-blyton', solo: true, seats: [{ team: 'judges' }] } },
    'block-war': { game: 'block-war', seat: 0, options: { seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }] } },
    miniatures: { game: 'miniatures', seat: 0, options: { scenario: 'barko-brothers', seats: [{}, { bot: true }] } },
  };
  const pages: [string, string][] = [['lobby', '/']];
  for (const [name, body] of Object.entries(games)) pages.push([name, `/games/${(await post('/v1/games', token, body)).id as string}`]);

  // Signed in as a returning player is: the session in localStorage before any page is audited.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${service.url}/login`);
  await page.evaluate(
    (key, value) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
    'judge-dredd-pbw.session',
    JSON.stringify({ token, handle, expiresAt: account.expiresAt }),
  );

  // Installability (Lighthouse 12 has no PWA category): Chromium's own check, the one its install
  // prompt uses, on the lobby once the service worker is ready. test/e2e/installable.e2e.ts asserts it.
  await page.goto(`${service.url}/`);
  await page.evaluate(() => (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready);
  const cdp = await page.createCDPSession();
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  const installErrors = installabilityErrors.map((error) => error.errorId);
  say(`installability (Page.getInstallabilityErrors on the lobby): ${installErrors.length ? `ERRORS ${installErrors.join(', ')}` : 'none, installable'}`);

  mkdirSync(REPORTS, { recursive: true });
  const scores: Record<string, Record<(typeof CATEGORIES)[number], number>> = {};
  for (const [name, route] of pages) {
    const result = await lighthouse(`${service.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.message}`);
    for (const id of PICTURES) delete lhr.audits[id];
    // The page's picture, the run's own timings and the report viewer's strings: not findings.
    delete lhr.fullPageScreenshot;
    delete (lhr as { timing?: unknown }).timing;
    delete (lhr as { i18n?: unknown }).i18n;
    writeFileSync(path.join(REPORTS, `${name}.json`), `${JSON.stringify(lhr, null, 1)}\n`);
    scores[name] = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<(typeof CATEGORIES)[number], number>;
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices'].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)));
    say(`${name.padEnd(20)} performance ${scores[name].performance}, accessibility ${scores[name].accessibility}, best practices ${scores[name]['best-practices']}${failing.length ? `; short of full marks: ${failing.map((a) => a.id).join(', ')}` : ''}`);
  }
  await browser.disconnect();
  const min = (c: (typeof CATEGORIES)[number]) => Math.min(...Object.values(scores).map((s) => s[c]));
  say(`goal: accessibility and best practices ≥ ${GOAL} on every page, and installable: ${min('accessibility') >= GOAL && min('best-practices') >= GOAL && installErrors.length === 0 ? 'met' : 'MISSED'}; reports in docs/lighthouse/`);
  say(`bench:lighthouse accessibility_min=${min('accessibility')} best_practices_min=${min('best-practices')} performance_min=${min('performance')} pages=${pages.length} installability_errors=${installErrors.length}`);
} finally {
  chrome.kill();
  await service.stop();
  await database.close();
}
