// Boards pan and zoom on a phone (issue 30): Helter Skelter's board at 375 px opens zoomed so its
// spaces are 44 px across, wider than the screen and scrolled within its own view (the page does
// not scroll sideways); the buttons, the keys (+, −) and a two-finger pinch zoom it; Fit fills the width.

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';
import { helterSkelterDuel } from './support/tables.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
  await signUp(player.page, t.base, 'zoom');
});
afterAll(async () => {
  await player?.close();
});

/** The board's drawn width and its view's, in CSS px. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    board: document.querySelector('svg.board')!.getBoundingClientRect().width,
    view: document.querySelector('.board-wrap .zoom-view')!.clientWidth,
    page: document.documentElement.scrollWidth,
  }));

test('the board opens with 44 px spaces, and zooms by button, key and pinch; Fit fills the width', async () => {
  const { page } = player;
  await page.goto(`${t.base}/games/${await helterSkelterDuel(t.base, await tokenOf(page))}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor();
  const opened = await widths(page);
  // 22 columns of cells; the smallest space is two cells across: 44 px at least.
  expect((opened.board / 22) * 2).toBeGreaterThanOrEqual(43.5);
  expect(opened.board).toBeGreaterThan(opened.view);
  expect(opened.page).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Zoom in the board' }).tap();
  await expect.poll(async () => (await widths(page)).board).toBeGreaterThan(opened.board * 1.2);
  const zoomed = (await widths(page)).board;

  await page.getByRole('region', { name: /^the board: scroll to pan/ }).focus();
  await page.keyboard.press('-');
  await expect.poll(async () => (await widths(page)).board).toBeLessThan(zoomed * 0.9);

  await page.getByRole('button', { name: 'Fit the board to the width' }).tap();
  await expect.poll(async () => Math.round((await widths(page)).board - (await widths(page)).view)).toBeLessThanOrEqual(1);
  const fitted = (await widths(page)).board;

  // Two fingers spread apart on the board: it grows.
  const box = (await page.locator('.board-wrap .zoom-view').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + Math.min(box.height, 200) / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', apart: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: cx - apart, y: cy, id: 1 }, { x: cx + apart, y: cy, id: 2 }],
    });
  await touch('touchStart', 20);
  for (let apart = 30; apart <= 80; apart += 10) await touch('touchMove', apart);
  await touch('touchEnd', 80);
  await expect.poll(async () => (await widths(page)).board).toBeGreaterThan(fitted * 2);
  expect((await widths(page)).page).toBeLessThanOrEqual(375);
});
