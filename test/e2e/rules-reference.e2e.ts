// The rules reference in a real browser: a Helter Skelter game arranged through the API (Dredd and
// Sláine on one space, Dredd's MELEE sent), so Sláine's page shows a defence prompt. From the
// prompt, the rules panel opens on the defence rules; its search finds a glossary term; axe finds
// no serious or critical violation in it. The attacker's phone-width page opens the same panel
// from its "Rules" link, and the board's key and the /rules page work too. Screenshots of the
// panel at 1280 and 375 px go to docs/screenshots/.

import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, SCREENSHOT_DIR, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let judges: Player;
let slaine: Player;

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(t.base, method, path, token, body);

interface Content {
  cards: { id: string; team: string; action: string; linkedTo: string | null }[];
}

/** Dredd and Sláine on space 7, everyone else dead; Dredd (seat 0) has just sent a MELEE on Sláine. */
async function arrangeDefence(): Promise<string> {
  const tokens = { judges: await tokenOf(judges.page), slaine: await tokenOf(slaine.page) };
  const content = await api<Content>('GET', '/v1/games/helter-skelter/content', null);
  const judgesHand = content.cards.filter((card) => card.team === 'judges' && card.action === 'MELEE' && (card.linkedTo === null || card.linkedTo === 'dredd')).slice(0, 4).map((card) => card.id);
  const slaineHand = content.cards.filter((card) => card.team === 'slaine' && ['DEFLECT', 'MELEE'].includes(card.action)).slice(0, 4).map((card) => card.id);
  const dead = { space: 'dead' };
  const game = await api<{ id: string }>('POST', '/v1/games', tokens.judges, {
    game: 'helter-skelter',
    options: {
      map: 'dan-tanna-enid-blyton',
      clock: { turn: 600, defence: 600, interrupt: 600 },
      seats: [{ team: 'judges' }, { team: 'slaine' }],
      scenario: {
        seats: [{ hand: judgesHand }, { hand: slaineHand }],
        characters: { dredd: { space: 7 }, giant: dead, anderson: dead, hershey: dead, 'mean-machine': dead, slaine: { space: 7 }, ukko: dead, niamh: dead, kai: dead },
        activeSeat: 0,
      },
    },
  });
  await api('POST', `/v1/games/${game.id}/seats/0/claim`, tokens.judges);
  await api('POST', `/v1/games/${game.id}/seats/1/claim`, tokens.slaine);
  // Sláine's player chooses each defence, and each INTERRUPT, herself (the defaults decide them at once).
  await api('PUT', `/v1/games/${game.id}/seats/1/orders`, tokens.slaine, { interrupt: 'ask', defence: 'ask' });
  const view = await api<{ legalCommands: { type: string; defender?: string }[] }>('GET', `/v1/games/${game.id}`, tokens.judges);
  const melee = view.legalCommands.find((command) => command.type === 'MELEE' && command.defender === 'slaine');
  if (!melee) throw new Error(`the arranged position offers no MELEE on Sláine: ${JSON.stringify(view.legalCommands)}`);
  await api('POST', `/v1/games/${game.id}/commands`, tokens.judges, melee);
  return game.id;
}

async function seriousViolationsIn(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (context: Element) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document.querySelector(within)!)).violations;
  }, selector)) as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Where the section's heading stands in the panel's visible area, and whether it has the focus. */
const landing = (page: Page, section: string) =>
  page.evaluate((id) => {
    const dialog = document.querySelector('dialog.rules-panel')!;
    // Below the panel's own header, which stays at its top.
    const top = dialog.querySelector('header')!.getBoundingClientRect().bottom;
    const heading = document.querySelector(`[data-section="${id}"] > h3`)!;
    const at = heading.getBoundingClientRect().top;
    return { visible: at >= top && at < dialog.getBoundingClientRect().bottom - 20, focused: document.activeElement === heading, current: heading.parentElement!.classList.contains('current') };
  }, section);

beforeAll(async () => {
  slaine = await openBrowser({ bypassCSP: true });
  judges = await openBrowser({ width: 375, height: 740, bypassCSP: true });
  await signUp(slaine.page, t.base, 'druid');
  await signUp(judges.page, t.base, 'judge');
});
afterAll(async () => {
  await slaine?.close();
  await judges?.close();
});

test('the rules reference opened from a defence prompt lands on the defence rules; its search finds a term; axe passes', async () => {
  const id = await arrangeDefence();
  const { page } = slaine;
  await page.goto(`${t.base}/games/${id}`);
  const prompt = page.getByRole('region', { name: /defend!/ });
  await prompt.waitFor({ timeout: 15_000 });
  await prompt.getByRole('button', { name: 'The rules for this' }).click();

  const panel = page.getByRole('dialog', { name: 'Rules of Helter Skelter' });
  await panel.waitFor();
  // The defence section is the one asked for, scrolled into the panel's view, with the focus.
  await expect.poll(() => landing(page, 'defence')).toEqual({ visible: true, focused: true, current: true });
  expect(await panel.getByRole('heading', { name: 'Defence', level: 3 }).isVisible()).toBe(true);
  expect(await panel.getByRole('link', { name: 'Defence' }).getAttribute('aria-current')).toBe('location');
  expect(await page.locator('[data-section="interrupt"] > h3').evaluate((heading) => heading.parentElement!.classList.contains('current'))).toBe(false);
  expect(await seriousViolationsIn(page, 'dialog.rules-panel')).toEqual([]);
  // The viewport, not the full page: the panel is a modal over it.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-panel.png') });

  // The search filters the sections and finds the glossary's entries, the content's cards among them.
  const search = panel.getByLabel('Search the rules, legend and glossary');
  await search.fill('Hi-Ex');
  await panel.locator('.glossary dt', { hasText: 'Hi-Ex' }).waitFor();
  expect(await panel.locator('[data-section="interrupt"]').count()).toBe(0);
  expect(await panel.locator('[data-section="specials"]').count()).toBe(1);
  await search.fill('(wild)');
  await panel.locator('.glossary dt', { hasText: '(wild)' }).first().waitFor();
  await search.fill('no such word anywhere');
  await panel.getByText('Nothing matches “no such word anywhere”.').waitFor();
  expect(await seriousViolationsIn(page, 'dialog.rules-panel')).toEqual([]);

  // Closed with Escape (in a search box with words in it, Escape first clears them), the game is there again.
  await search.fill('');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await prompt.waitFor();

  // The attacker's phone: "Rules" opens at what its game waits for (the defence), "Key to the
  // board" at the legend; nothing scrolls sideways.
  await judges.page.goto(`${t.base}/games/${id}`);
  await judges.page.getByRole('button', { name: 'Rules', exact: true }).click();
  const phonePanel = judges.page.getByRole('dialog', { name: 'Rules of Helter Skelter' });
  await phonePanel.waitFor();
  await expect.poll(() => landing(judges.page, 'defence')).toEqual({ visible: true, focused: true, current: true });
  expect(await judges.page.evaluate(() => document.querySelector('dialog.rules-panel')!.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await judges.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'rules-panel-phone.png') });
  await phonePanel.getByRole('button', { name: 'Close' }).click();
  await phonePanel.waitFor({ state: 'detached' });
  await judges.page.getByRole('button', { name: 'Key to the board' }).click();
  await expect.poll(() => landing(judges.page, 'legend')).toEqual({ visible: true, focused: true, current: true });
  expect(await phonePanel.locator('[data-legend="cover"]').isVisible()).toBe(true);
  expect(await seriousViolationsIn(judges.page, 'dialog.rules-panel')).toEqual([]);

  // The same reference as a page of its own, at a section.
  await page.goto(`${t.base}/rules/helter-skelter?section=interrupt`);
  await page.getByRole('heading', { name: 'Rules of Helter Skelter', level: 1 }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rules-interrupt-title');
  for (const game of ['block-war', 'miniatures']) {
    await page.goto(`${t.base}/rules/${game}`);
    await page.locator('main h1').waitFor();
    expect(await page.locator('[data-section="goal"]').count()).toBe(1);
    await page.locator('[data-section="glossary"]').waitFor();
  }
});
