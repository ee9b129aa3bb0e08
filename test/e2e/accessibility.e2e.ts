// axe-core, run in the browser on the main pages (signed out: sign up, log in, lobby, a rules
// reference, the email-verification page, "not found"; signed in: my games, lobby with the create
// form, settings, each game's page): no serious or critical violation, of any rule in the light
// colour scheme and of colour contrast in the dark one (prefers-color-scheme, web/src/tokens.css).

import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';
import { blockWar, helterSkelterSolo, miniatures } from './support/tables.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let player: Player;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page, runOnly?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const { violations, passes } = (await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[]; passes: unknown[] }> } }).axe;
    const results = await axe.run(document, only ? { runOnly: { type: 'rule', values: only } } : {});
    return { violations: results.violations, passes: results.passes.length };
  }, runOnly)) as { violations: Violation[]; passes: number };
  // axe did look: on any page with content, some rules pass (run alone, the contrast rule).
  expect(passes).toBeGreaterThan(runOnly ? 0 : 5);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

const SCHEMES = ['light', 'dark'] as const;

/**
 * The page as it stands, audited in each colour scheme: its violations under "<where> (<scheme>)".
 * Every rule in the light scheme; in the dark one only colour contrast, the one rule a scheme
 * changes (it swaps colours, web/src/tokens.css, and nothing of the page's structure).
 */
async function audit(page: Page, where: string, found: Record<string, string[]>): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    // The scheme took: the design system's colour roles changed with it.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface').trim())).toBe(colorScheme === 'dark' ? '#15171a' : '#fbfaf6');
    found[`${where} (${colorScheme})`] = await seriousViolations(page, colorScheme === 'dark' ? ['color-contrast'] : undefined);
  }
  await page.emulateMedia({ colorScheme: 'light' });
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
  for (const path of ['/signup', '/login', '/lobby', '/rules/helter-skelter', '/email-verified', '/email-verified?problem=INVALID_LINK', '/no-such-page']) {
    await page.goto(`${t.base}${path}`);
    await page.locator('main h1').waitFor();
    await audit(page, `${path} (signed out)`, found);
  }
  await signUp(page, t.base, 'axe');
  await audit(page, '/ (my games, none yet)', found);
  await page.goto(`${t.base}/lobby`);
  await page.getByRole('img', { name: /Preview of/ }).waitFor();
  await audit(page, '/lobby', found);
  await page.goto(`${t.base}/settings`);
  await page.getByRole('heading', { name: 'Personal access tokens' }).waitFor();
  await page.getByLabel('Email me').waitFor();
  await page.getByLabel('Defences').waitFor();
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  await audit(page, '/settings', found);
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
  await audit(page, '/games/{id} (Helter Skelter, set-up)', found);
  // Every other game's page, as its seated player first sees it.
  for (const [name, create] of [['solo Helter Skelter', helterSkelterSolo], ['Block War', blockWar], ['Miniatures', miniatures]] as const) {
    await page.goto(`${t.base}/games/${await create(t.base, token)}`);
    await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor({ timeout: 60_000 });
    await audit(page, `/games/{id} (${name})`, found);
  }
  await page.goto(`${t.base}/`);
  await page.locator('.game-list li').first().waitFor();
  await audit(page, '/ (my games)', found);

  // The first-game tutorials: the coach, the highlight and the real table.
  for (const path of ['/learn/helter-skelter/multiplayer', '/learn/helter-skelter/solo', '/learn/block-war/turn', '/learn/miniatures/phase']) {
    await page.goto(`${t.base}${path}`);
    await page.locator('.tutorial[data-step="0"] .tutorial-target').first().waitFor();
    found[path] = await seriousViolations(page);
  }

  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
});
