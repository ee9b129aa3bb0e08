// A finish people trust, in Chromium: the first load asks for nothing that is missing (favicon,
// manifest, icons, service worker) and the app is installable (Page.getInstallabilityErrors); a
// mistyped address draws a "not found" page while /v1/nope stays problem+json; sign-up refuses a
// short handle in a sentence; the tab title follows a bot's move; a replay plays on its own, shows
// the scores as they stood, and its link opens at the move. axe on the new page.

import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';
import { playOneCommand, waitForMyMove } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ bypassCSP: true });
});
afterAll(async () => {
  await player?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the first load finds everything it asks for, and the app is installable', async () => {
  const { page } = player;
  const missing: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`));
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  await page.goto(`${t.base}/`);
  await page.getByRole('link', { name: 'Sign up' }).first().waitFor();
  // The manifest and its icons load; the service worker takes control of the page.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
    const body = (await (await fetch(href)).json()) as { icons: { src: string; sizes: string; purpose: string }[]; display: string; start_url: string };
    const icons = await Promise.all(body.icons.map(async (icon) => ({ ...icon, status: (await fetch(icon.src)).status })));
    await navigator.serviceWorker.ready;
    return { ...body, icons };
  });
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose} ${icon.status}`)).toEqual(
    expect.arrayContaining(['192x192 any 200', '512x512 any 200', '512x512 maskable 200']),
  );
  expect((await page.request.get(`${t.base}/favicon.ico`)).status()).toBe(200);
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId), {
      timeout: 20_000,
    })
    .toEqual([]);
  expect(missing).toEqual([]);
  expect(consoleErrors).toEqual([]);
  // A service-worker-controlled load of the page still reaches the service (nothing is cached).
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('link', { name: 'Sign up' }).first().waitFor();
  expect(missing).toEqual([]);
  page.removeAllListeners('response');
  page.removeAllListeners('console');
});

test('a mistyped address draws a not-found page with a way back; /v1/nope stays problem+json', async () => {
  const { page } = player;
  const response = await page.goto(`${t.base}/lobbby`);
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  await expect.poll(() => page.title()).toBe('Page not found — Judge Dredd play-by-web');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: /Back to/ }).click();
  await page.waitForURL(`${t.base}/`);
  const api = await page.request.get(`${t.base}/v1/nope`, { headers: { accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toMatch(/^application\/problem\+json/);
});

test('sign-up refuses a too-short handle in a sentence, not in validator words', async () => {
  const { page } = player;
  await page.goto(`${t.base}/signup`);
  await expect.poll(() => page.title()).toBe('Sign up — Judge Dredd play-by-web');
  await page.getByLabel('Handle').fill('ab');
  await page.getByLabel('Email').fill('ab@example.com');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toBe('The handle must be at least 3 characters long.');
  // A game's address that is no game's id: a sentence too.
  await page.goto(`${t.base}/games/nope`);
  await page.getByRole('alert').filter({ hasText: 'There is nothing at this address' }).waitFor();
  expect(await page.getByRole('alert').textContent()).not.toMatch(/params|must match/);
});

test('the tab title says "(1) Your move" again once the bot has moved', async () => {
  const { page } = player;
  await signUp(page, t.base, 'title');
  const token = await tokenOf(page);
  const game = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'helter-skelter',
    seat: 0,
    options: { map: 'dan-tanna-enid-blyton', clock: 'live', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await waitForMyMove(page);
  const mine = /^\(1\) Your move — Helter Skelter: The Judges v Sláine — Judge Dredd play-by-web$/;
  await expect.poll(() => page.title()).toMatch(mine);
  await page.getByRole('heading', { name: 'Helter Skelter: The Judges v Sláine', level: 1 }).waitFor();
  // Every title the tab shows from now on.
  await page.evaluate(() => {
    const seen = [document.title];
    (window as unknown as { titles: string[] }).titles = seen;
    new MutationObserver(() => seen.push(document.title)).observe(document.querySelector('title')!, { childList: true, characterData: true, subtree: true });
  });
  const titles = () => page.evaluate(() => (window as unknown as { titles: string[] }).titles);
  const botMovedThenMe = (list: string[]) => {
    const theirs = list.findIndex((title) => !title.includes('Your move'));
    return theirs >= 0 && list.slice(theirs + 1).some((title) => mine.test(title));
  };
  for (let sent = 0; sent < 100 && !botMovedThenMe(await titles()); sent++) {
    if (!(await waitForMyMove(page))) break;
    await playOneCommand(page);
  }
  const seen = await titles();
  // While the bot plays the title names the game (with, for a moment, the count read before my move).
  expect(seen.find((title) => !title.includes('Your move'))).toMatch(/^(\(1\) )?Helter Skelter: The Judges v Sláine — Judge Dredd play-by-web$/);
  expect(botMovedThenMe(seen), seen.join('\n')).toBe(true);
  // Elsewhere the count of games awaiting me stays in the title (once the game waits for me, it stays so).
  expect(await waitForMyMove(page)).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
  await expect.poll(() => page.title()).toMatch(/^\(1\) Your move — Lobby — Judge Dredd play-by-web$/);
});

test('a solo game says it is solo, and its opponent is The Dark Judges; the header names the platform', async () => {
  const { page } = player;
  const token = await tokenOf(page);
  const game = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'helter-skelter',
    seat: 0,
    options: { map: 'dan-tanna-enid-blyton', solo: true, seats: [{ team: 'judges' }] },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await page.getByRole('heading', { name: 'Helter Skelter solo: The Judges v The Dark Judges', level: 1 }).waitFor();
  await expect.poll(() => page.title()).toMatch(/Helter Skelter solo: The Judges v The Dark Judges — Judge Dredd play-by-web$/);
  expect(await page.locator('header.top .brand').textContent()).toBe('Judge Dredd play-by-web');
  const opponent = page.locator('table.scores tbody tr').nth(1);
  await expect.poll(() => opponent.locator('th').textContent()).toMatch(/^\s*D The Dark Judges$/);
  expect(await opponent.textContent()).toMatch(/\d+ solo cards left/);
  expect(await page.locator('table.scores').textContent()).not.toMatch(/Seat 2|0 in hand, 0 in deck/);
});

test('a replay plays on its own, shows the scores as they stood, and its link opens at the move', async () => {
  const { page } = player;
  const token = await tokenOf(page);
  const game = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'helter-skelter',
    options: { map: 'dan-tanna-enid-blyton', clock: 'live', seats: [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }] },
  });
  let status = 'active';
  for (let waited = 0; waited < 360 && status !== 'finished'; waited++) {
    status = (await callApi<{ status: string }>(t.base, 'GET', `/v1/games/${game.id}`, token)).status;
    if (status !== 'finished') await page.waitForTimeout(500);
  }
  expect(status).toBe('finished');
  await page.goto(`${t.base}/games/${game.id}/replay`);
  const step = page.locator('.replay-event');
  await step.filter({ hasText: /^Move 1 of \d+: / }).waitFor();
  const total = Number((await step.textContent())!.match(/of (\d+)/)![1]);
  // (The games against the bot and the Dark Judges still await this player: the count says so,
  // once the awaiting feed has answered.)
  await expect.poll(() => page.title()).toBe('(2) Your move — Replay: Helter Skelter: The Judges v Sláine — Judge Dredd play-by-web');
  // At the first move nobody has scored; at the last the winner has.
  const points = () => page.locator('table.scores tbody td:first-of-type').allTextContents();
  await expect.poll(async () => (await points()).map((text) => Number.parseInt(text, 10))).toEqual([0, 0]);
  // It plays on its own, at the speed chosen.
  await page.getByLabel('Speed').selectOption('Very fast');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => Number(document.querySelector('.replay-event')?.textContent?.match(/^Move (\d+)/)?.[1]) >= 6, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = Number((await step.textContent())!.match(/^Move (\d+)/)![1]);
  // The address carries the move shown: opened elsewhere, the link lands there.
  await expect.poll(() => page.url()).toBe(`${t.base}/games/${game.id}/replay?move=${paused}`);
  const shared = await player.context.newPage();
  await shared.goto(page.url());
  await shared.locator('.replay-event').filter({ hasText: new RegExp(`^Move ${paused} of ${total}: `) }).waitFor();
  await shared.close();
  await page.getByRole('button', { name: 'Last' }).click();
  await step.filter({ hasText: new RegExp(`^Move ${total} of ${total}: `) }).waitFor();
  const final = await callApi<{ view: { seats: { points: number }[] } }>(t.base, 'GET', `/v1/games/${game.id}`, token);
  await expect.poll(async () => (await points()).map((text) => Number.parseInt(text, 10))).toEqual(final.view.seats.map((seat) => seat.points));
  expect(await seriousViolations(page)).toEqual([]);
});
