// Tap targets at phone width (issue 30): on each game's page, and on the lobby, My games and
// Settings, at 375×812 with a touch screen, every interactive element's box is at least 44×44 CSS
// px (WCAG 2.5.5, the figure Apple and Google use), and no page is wider than the screen.
//
// What is measured: buttons, links, form fields, <summary>, and anything with role="button" or a
// tab stop — the board's spaces and squares among them, when they are targets.
// What is exempt, and why (WCAG 2.5.5's own exceptions):
// - links inside a sentence (an <a> within a <p>): "Inline: the target is in a sentence";
// - a checkbox or radio inside its <label>: the label is the target (a tap on it toggles the box),
//   so the label's box is measured instead;
// - elements not drawn (a closed <details>, a visually hidden one): nothing to tap;
// - Miniatures' model bases: role="img", a shortcut for the "Select <model>" buttons beside the
//   table, which are measured ("Equivalent: the target is available through an equivalent control").

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait, confirmIfAsked } from './support/play.ts';
import { blockWar, helterSkelterDuel, helterSkelterSolo, miniatures } from './support/tables.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;
let token: string;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
  await signUp(player.page, t.base, 'taps');
  token = await tokenOf(player.page);
});
afterAll(async () => {
  await player?.close();
});

interface Small {
  what: string;
  width: number;
  height: number;
}

/** Every interactive element drawn on the page whose box is under 44×44, named. */
async function smallTargets(page: Page): Promise<Small[]> {
  return page.evaluate(() => {
    const TAP = 44;
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const small: { what: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement | SVGElement>(selector))) {
      if (element.closest('a') !== element && element.closest('a')) continue;
      if (element.tagName === 'A' && element.closest('p')) continue; // inline, in a sentence
      let measured: Element = element;
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) measured = element.closest('label') ?? element;
      const box = measured.getBoundingClientRect();
      const style = getComputedStyle(measured);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || measured.closest('.visually-hidden')) continue;
      // Rounding: a box of 43.99 px is 44 px drawn.
      if (box.width + 0.5 < TAP || box.height + 0.5 < TAP) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        small.push({ what: `<${element.tagName.toLowerCase()}${element.getAttribute('class') ? ` class="${element.getAttribute('class')}"` : ''}> ${name}`, width: Math.round(box.width), height: Math.round(box.height) });
      }
    }
    return small;
  });
}

async function check(page: Page, where: string): Promise<void> {
  expect(await smallTargets(page), `targets under 44×44 on ${where}`).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(width.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(width.inner);
}

const awaitingMe = (page: Page) => page.locator('main.game-page[data-awaiting-me="yes"]').waitFor({ timeout: 60_000 });

test('the lobby, My games and Settings: every target 44×44, nothing wider than the phone', async () => {
  const { page } = player;
  await page.goto(`${t.base}/`);
  await page.getByRole('heading', { name: 'My games' }).waitFor();
  await check(page, 'My games');
  await page.goto(`${t.base}/lobby`);
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  await check(page, 'the lobby');
  await page.goto(`${t.base}/settings`);
  await page.getByRole('heading', { name: 'Email notifications' }).waitFor();
  await check(page, 'Settings');
  await screenshot(page, 'phone-settings', { fullPage: false });
});

test('Helter Skelter: the board, the hand and the action bar, before and after a card is picked', async () => {
  const { page } = player;
  await page.goto(`${t.base}/games/${await helterSkelterDuel(t.base, token)}`);
  await awaitingMe(page);
  await page.locator('.board .space.target').first().waitFor();
  await check(page, 'Helter Skelter (nothing picked)');
  await page.locator('.hand .card.playable').first().tap();
  await page.locator('.board .space.target').first().waitFor();
  await check(page, 'Helter Skelter (a card picked)');
  await screenshot(page, 'phone-helter-skelter', { fullPage: false });
});

test('solo Helter Skelter: the set-up prompt', async () => {
  const { page } = player;
  await page.goto(`${t.base}/games/${await helterSkelterSolo(t.base, token)}`);
  await awaitingMe(page);
  await page.getByRole('heading', { name: 'Set-up: choose where your characters start.' }).waitFor();
  await check(page, 'solo Helter Skelter');
  await screenshot(page, 'phone-solo', { fullPage: false });
});

test('Block War: the roll, then a set-up step on the boards', async () => {
  const { page } = player;
  await page.goto(`${t.base}/games/${await blockWar(t.base, token)}`);
  await awaitingMe(page);
  await page.getByRole('group', { name: 'The plaza', exact: true }).waitFor();
  await check(page, 'Block War (the roll)');
  // The set-up, by buttons confirmed, until squares on the boards are the targets.
  for (let step = 0; step < 8 && (await page.locator('.bw-board .square.target').count()) === 0; step++) {
    await awaitingMe(page);
    const button = page.locator('.action-bar .buttons button:enabled').first();
    if ((await button.count()) === 0) continue;
    await andWait(page, async () => {
      await button.tap();
      await confirmIfAsked(page);
    });
  }
  await page.locator('.bw-board .square.target').first().waitFor();
  await check(page, 'Block War (squares to choose)');
  await screenshot(page, 'phone-block-war', { fullPage: false });
});

test('Miniatures: the table, a model selected and its actions', async () => {
  const { page } = player;
  await page.goto(`${t.base}/games/${await miniatures(t.base, token)}`);
  await page.getByRole('group', { name: /^The table: / }).waitFor();
  await check(page, 'Miniatures (the roll-off)');
  // The roll-off, confirmed; then a model of ours selected, and its shots offered.
  const select = page.getByRole('group', { name: 'Your models' }).getByRole('button').first();
  for (let step = 0; step < 8 && !(await select.isVisible()); step++) {
    await awaitingMe(page);
    const roll = page.getByRole('button', { name: /^(Roll off for the first Phase|Do not push)$/ });
    if ((await roll.count()) === 0) {
      await select.waitFor({ timeout: 30_000 });
      break;
    }
    await andWait(page, async () => {
      await roll.tap();
      await confirmIfAsked(page);
    });
  }
  await select.tap();
  const shoot = page.locator('.mn-actions').getByRole('button', { name: 'Shoot' });
  if (await shoot.count()) await shoot.tap();
  await check(page, 'Miniatures (a model selected)');
  await screenshot(page, 'phone-miniatures', { fullPage: false });
});

test('the first-game tutorials: the lesson, the coach and the real table', async () => {
  const { page } = player;
  for (const path of ['/learn/helter-skelter/multiplayer', '/learn/helter-skelter/solo', '/learn/block-war/turn', '/learn/miniatures/phase']) {
    await page.goto(`${t.base}${path}`);
    await page.locator('.tutorial[data-step="0"] .tutorial-target').first().waitFor();
    await check(page, path);
  }
});
