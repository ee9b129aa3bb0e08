// Plays the awaited seat through the page only, as a person would: tap a card or a figure (through
// its space), then a highlighted space, or one of the action buttons; set-up, a character and then
// its highlighted map card or space. Prefers what ends games
// (fragments, attacks), then moves, deployment, and ends the turn last. A command staged for
// confirmation (the page's default) is confirmed; browsers opened with `confirm: false` send at once.

import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const game = (page: Page) => page.locator('main.game-page');

/** The game version the page shows. */
export async function version(page: Page): Promise<number> {
  return Number(await game(page).getAttribute('data-version'));
}

/** Acts, then waits until the page shows a later version of the game (a refusal fails the test). */
export async function andWait(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await version(page);
  await act();
  await page.waitForFunction(
    (v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v || document.querySelector('.refusal') !== null,
    before,
    { timeout: 20_000 },
  );
  expect(await page.locator('.refusal').count()).toBe(0);
}

/** Waits until the game awaits this page's seat or is over; false when it is over. */
export async function waitForMyMove(page: Page, timeout = 60_000): Promise<boolean> {
  await page.waitForSelector('main.game-page[data-awaiting-me="yes"], main.game-page[data-status="finished"], main.game-page[data-status="abandoned"]', { timeout });
  return (await game(page).getAttribute('data-status')) === 'active';
}

/** Confirms the command the page staged, if it asks (a browser with confirmation on). */
export async function confirmIfAsked(page: Page): Promise<void> {
  const confirm = page.getByRole('group', { name: 'Confirm your move' }).getByRole('button', { name: 'Confirm' });
  if (await confirm.isVisible({ timeout: 300 }).catch(() => false)) await confirm.click();
}

async function clickAndWaitForChange(page: Page, click: () => Promise<void>): Promise<boolean> {
  const before = await version(page);
  try {
    await click();
    await confirmIfAsked(page);
  } catch {
    // What was tapped went away first (the game moved on, and the page dropped the choice): the
    // caller looks again.
    return false;
  }
  try {
    await page.waitForFunction((v) => {
      const main = document.querySelector('main.game-page');
      return main && (Number(main.getAttribute('data-version')) > v || document.querySelector('.refusal') !== null);
    }, before, { timeout: 15_000 });
  } catch {
    return false;
  }
  return (await page.locator('.refusal').count()) === 0;
}

const pickOne = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** After a card or figure is tapped: tap a target space, then a way if several are offered. */
async function finishChoice(page: Page): Promise<boolean> {
  const targets = await page.locator('.board .space.target').all();
  if (targets.length === 0) return false;
  return clickAndWaitForChange(page, async () => {
    // A space may not be a rectangle: tap one of its own cells, not the middle of its bounding box.
    await pickOne(targets).locator('rect.hit').first().click({ timeout: 10_000 });
    const ways = page.locator('.options button');
    if (await ways.first().isVisible({ timeout: 500 }).catch(() => false)) await ways.first().click();
  });
}

/** A tap, by touch on a touch screen (a phone browser), else by pointer. */
async function press(page: Page, target: Locator): Promise<void> {
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  if (touch) await target.tap({ timeout: 10_000 });
  else await target.click({ timeout: 10_000 });
}

/**
 * Helter Skelter's set-up on the board (web/src/games/helter-skelter/setup.tsx): a character not
 * yet placed, then a highlighted map card or space for it, until the taps add up to a command
 * (staged, then confirmed; or sent at once). `each` runs before every tap (the tests count the
 * buttons shown). False when the page shows no set-up step.
 */
export async function setUpStep(page: Page, each: () => Promise<void> = async () => undefined): Promise<boolean> {
  const steps = page.locator('.setup-steps');
  if (!(await steps.isVisible().catch(() => false))) return false;
  return clickAndWaitForChange(page, async () => {
    for (let taps = 0; taps < 16; taps++) {
      await each();
      // Staged (confirmIfAsked confirms it), or on its way (the characters wait, disabled).
      if (!(await steps.isVisible().catch(() => false)) || (await steps.locator('button:disabled').count()) > 0) return;
      const picked = await steps.locator('.reserve button[aria-pressed="true"]').count();
      const character = steps.locator('.reserve button:not(.placed):enabled').first();
      if (!picked && (await character.count()) > 0) await press(page, character);
      else await press(page, page.locator('.board .space.target:not([aria-label^="Take back"]) rect.hit').first());
    }
  });
}

/** One command for the awaited seat, chosen from what the page offers. Returns false if nothing worked. */
export async function playOneCommand(page: Page): Promise<boolean> {
  if (await setUpStep(page)) return true;
  const buttons = page.locator('.buttons button:enabled');
  const labelled = async (pattern: RegExp) => {
    for (const button of await buttons.all()) if (pattern.test((await button.textContent()) ?? '')) return button;
    return null;
  };
  // Prompts and set-up first: whatever they ask, answered by a button.
  for (const pattern of [/^Collect the fragment/, /^(BLOCK|DEFLECT|PRECOG|COVER) with/, /^Take the damage/, /^Discard /, /^Pass$/]) {
    const button = await labelled(pattern);
    if (button) return clickAndWaitForChange(page, () => button.click());
  }
  const reserve = await page.locator('.reserve button:enabled').all();
  if (reserve.length) {
    await pickOne(reserve).click();
    if (await finishChoice(page)) return true;
  }
  const attackCards = await page.locator('.hand .card.playable:enabled').filter({ hasText: /MELEE|SMASH|SNIPE|SHOTGUN|PSI|EXPLODE/ }).all();
  if (attackCards.length && Math.random() < 0.8) {
    await pickOne(attackCards).click();
    if (await finishChoice(page)) return true;
    await cancel(page);
  }
  // A figure is tapped through its space; a space holding several asks who acts.
  const actors = await page.locator('.board .space.target.actor-space').all();
  if (actors.length && Math.random() < 0.75) {
    await pickOne(actors).locator('rect.hit').first().click();
    const who = page.getByRole('list', { name: 'Who acts' }).getByRole('button');
    if (await who.first().isVisible({ timeout: 300 }).catch(() => false)) await who.first().click();
    if (await finishChoice(page)) return true;
    await cancel(page);
  }
  const end = await labelled(/^End the turn$/);
  if (end) return clickAndWaitForChange(page, () => end.click());
  // Anything else the page offers (other cards, other buttons).
  const cards = await page.locator('.hand .card.playable:enabled').all();
  if (cards.length) {
    await pickOne(cards).click();
    if (await finishChoice(page)) return true;
    await cancel(page);
  }
  const any = await buttons.all();
  if (any.length) return clickAndWaitForChange(page, () => pickOne(any).click());
  return false;
}

async function cancel(page: Page): Promise<void> {
  const cancelButton = page.getByRole('button', { name: 'Cancel' });
  if (await cancelButton.isVisible().catch(() => false)) await cancelButton.click();
}

/** Plays this page's seat until the game is over; returns how many commands it sent. */
export async function playToTheEnd(page: Page, options: { maxCommands?: number; onCommand?: (count: number) => Promise<void> } = {}): Promise<number> {
  let sent = 0;
  const max = options.maxCommands ?? 3000;
  while (sent < max) {
    if (!(await waitForMyMove(page))) return sent;
    if (await playOneCommand(page)) {
      sent += 1;
      await options.onCommand?.(sent);
    }
  }
  throw new Error(`the game did not end within ${max} commands`);
}
