// axe-core, run in the browser on the main pages (signed out: sign up, log in, lobby; signed in:
// my games, lobby with the create form, settings, a game in play): no serious or
// critical violation.

import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let player: Player;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const { violations, passes } = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[]; passes: unknown[] }> } }).axe;
    const results = await axe.run(document);
    return { violations: results.violations, passes: results.passes.length };
  })) as { violations: Violation[]; passes: number };
  // axe did look: on any page with content, some rules pass.
  expect(passes).toBeGreaterThan(5);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

beforeAll(async () => {
  player = await openBrowser({ bypassCSP: true });
});
afterAll(async () => {
  await player?.close();
});

test('no serious accessibility violation on the main pages', async () => {
  const { page } = player;
  const found: Record<string, string[]> = {};
  for (const path of ['/signup', '/login', '/lobby']) {
    await page.goto(`${t.base}${path}`);
    await page.locator('main h1').waitFor();
    found[`${path} (signed out)`] = await seriousViolations(page);
  }
  await signUp(page, t.base, 'axe');
  found['/ (my games, none yet)'] = await seriousViolations(page);
  await page.goto(`${t.base}/lobby`);
  await page.getByRole('img', { name: /Preview of/ }).waitFor();
  found['/lobby'] = await seriousViolations(page);
  await page.goto(`${t.base}/settings`);
  await page.getByRole('heading', { name: 'Personal access tokens' }).waitFor();
  await page.getByLabel('Email me').waitFor();
  await page.getByLabel('Defences').waitFor();
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  found['/settings'] = await seriousViolations(page);
  // Standing orders chosen there are the account's preferences.
  await page.getByLabel('Defences').selectOption('never');
  await page.getByText('Saved.').waitFor();
  const preferences = await fetch(`${t.base}/v1/me/preferences`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } }).then((r) => r.json() as Promise<{ orders: { defence: string } }>);
  expect(preferences.orders.defence).toBe('never');
  // And the settings page works: a token made there is shown once and listed.
  await page.getByLabel('Name').fill('my bot');
  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByText('Your new token, shown this once').waitFor();
  await page.getByRole('button', { name: 'Revoke my bot' }).waitFor();

  const token = await tokenOf(page);
  const created = await fetch(`${t.base}/v1/games`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'helter-skelter', options: { map: 'grand-hall-of-justice', seats: [{ team: 'nikolai-dante' }, { team: 'strontium-dogs', bot: true }] } }),
  }).then((response) => response.json() as Promise<{ id: string }>);
  await fetch(`${t.base}/v1/games/${created.id}/seats/0/claim`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  await page.goto(`${t.base}/games/${created.id}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor();
  found['/games/{id} (set-up)'] = await seriousViolations(page);
  await page.goto(`${t.base}/`);
  await page.locator('.game-list li').first().waitFor();
  found['/ (my games)'] = await seriousViolations(page);

  // The first-game tutorials: the coach, the highlight and the real table.
  for (const path of ['/learn/helter-skelter/multiplayer', '/learn/helter-skelter/solo', '/learn/block-war/turn', '/learn/miniatures/phase']) {
    await page.goto(`${t.base}${path}`);
    await page.locator('.tutorial[data-step="0"] .tutorial-target').first().waitFor();
    found[path] = await seriousViolations(page);
  }

  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
});
