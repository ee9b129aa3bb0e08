// The first-game tutorials (issue 32), on a phone by touch (375×812) with the confirm step on, on
// a server that accepts no scenario (as in production), signed out: each game's lesson is opened
// from the lobby's "Learn to play" and played to its end by tapping only what the lesson
// highlights (and Confirm), then offers a real game. A wrong move is answered with why, and
// changes nothing; the lesson can be played again; with the confirm step off, taps send at once.
// No page is wider than the phone.

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useTestApp } from '../support/app.ts';
import { openBrowser, type Player } from './support/browser.ts';

const t = useTestApp({ allowScenarios: false });
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
});
afterAll(async () => {
  await player?.close();
});

const lesson = (page: Page) => page.locator('.tutorial');

/** Opens a lesson from the lobby's "Learn to play" list, by its link's words. */
async function openFromLobby(page: Page, link: string): Promise<void> {
  await page.goto(`${t.base}/lobby`);
  await page.getByRole('list', { name: 'Learn to play' }).getByRole('link', { name: link }).tap();
  await page.locator('.tutorial[data-step="0"]').waitFor({ timeout: 20_000 });
}

/** Taps what the lesson highlights, one tap at a time, until it is done; returns the steps seen. */
async function playToTheEnd(page: Page): Promise<number> {
  let steps = 0;
  for (let taps = 0; taps < 60; taps++) {
    if ((await lesson(page).getAttribute('data-done')) === 'yes') return steps;
    const step = await lesson(page).getAttribute('data-step');
    const target = page.locator('.tutorial-target').first();
    // A tap whose selector or words no longer match the table (a renamed button) shows no highlight: say which.
    await target.waitFor({ timeout: 10_000 }).catch(async () => {
      throw new Error(`Nothing highlighted at step ${Number(step) + 1}: “${await page.locator('.tutorial-say').innerText()}”; the action bar shows: ${await page.locator('.action-bar').innerText()}`);
    });
    // Marked, so that the next tap waits for the highlight to move on (a second tap on a card would put it back).
    await target.evaluate((element) => element.setAttribute('data-tapped', ''));
    await target.tap();
    await page.waitForFunction(() => document.querySelector('.tutorial-target[data-tapped]') === null, undefined, { timeout: 10_000 });
    expect(await page.locator('.tutorial-wrong').count(), 'a highlighted tap is never wrong').toBe(0);
    if ((await lesson(page).getAttribute('data-step')) !== step) steps++;
  }
  throw new Error('The lesson did not end in 60 taps.');
}

async function finishes(page: Page, steps: number): Promise<void> {
  expect(steps).toBe(Number(await page.locator('.tutorial-coach').getAttribute('data-steps')));
  await page.getByText('You’ve played a turn —').waitFor();
  expect(await page.getByRole('link', { name: 'start a real game' }).getAttribute('href')).toMatch(/^\/lobby\?game=/);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(width.scroll, 'the lesson scrolls sideways').toBeLessThanOrEqual(width.inner);
}

test('Helter Skelter against players: a wrong move is explained, then the lesson is played to its end and again', async () => {
  const { page } = player;
  await openFromLobby(page, 'Helter Skelter: Your first turn against other players');
  // Not the lesson's move: Anderson deployed instead of Giant, confirmed. Explained, and the step stays.
  await page.locator('.reserve button', { hasText: 'Deploy Judge Anderson' }).tap();
  await page.locator('.board .space[data-space="16"] rect.hit').first().tap();
  await page.getByRole('group', { name: 'Confirm your move' }).getByRole('button', { name: 'Confirm' }).tap();
  await page.locator('.tutorial-wrong').getByText('this lesson brings Judge Giant on first').waitFor();
  expect(await lesson(page).getAttribute('data-step')).toBe('0');
  await finishes(page, await playToTheEnd(page));
  // The log tells what the other side did in reply.
  expect(await page.getByRole('list', { name: 'Event log' }).locator('li').count()).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Play the lesson again' }).tap();
  await page.locator('.tutorial[data-step="0"]').waitFor();
});

test('Helter Skelter solo against the Dark Judges, played to its end', async () => {
  const { page } = player;
  await openFromLobby(page, 'Helter Skelter: Your first turn solo against the Dark Judges');
  await finishes(page, await playToTheEnd(page));
});

test('Block War, played to its end', async () => {
  const { page } = player;
  await openFromLobby(page, 'Block War: Your block’s first turn');
  await finishes(page, await playToTheEnd(page));
});

test('Miniatures, played to its end; and the rules page offers the lesson too', async () => {
  const { page } = player;
  await openFromLobby(page, 'Miniatures: Your first Phase: The Barko Brothers');
  await finishes(page, await playToTheEnd(page));
  await page.goto(`${t.base}/rules/miniatures`);
  await page.getByRole('list', { name: 'Learn to play' }).getByRole('link', { name: 'Your first Phase: The Barko Brothers' }).waitFor();
});

test('with the confirm step switched off, a tap sends at once: the Block War lesson still plays to its end', async () => {
  const quick = await openBrowser({ phone: true, confirm: false });
  try {
    await openFromLobby(quick.page, 'Block War: Your block’s first turn');
    await finishes(quick.page, await playToTheEnd(quick.page));
    expect(await quick.page.getByRole('group', { name: 'Confirm your move' }).count()).toBe(0);
  } finally {
    await quick.close();
  }
});
