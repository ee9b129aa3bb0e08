// The table fits the screen it is played on (issue 30/32): on a phone the action bar takes at most
// 40% of the screen and folds to its prompt line with a 44 px handle, so the board and the prompt
// are seen together; Miniatures opens zoomed until a model's base is 28 px across, with my side's
// models in view; on a desktop a Block War block board opens whole, not zoomed in and cropped.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, PHONE, signUp, tokenOf, type Player } from './support/browser.ts';
import { blockWar, helterSkelterDuel, miniatures } from './support/tables.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let phone: Player;
let desk: Player;
let token: string;

beforeAll(async () => {
  phone = await openBrowser({ phone: true });
  desk = await openBrowser({ width: 1280, height: 800 });
  await signUp(phone.page, t.base, 'phone');
  token = await tokenOf(phone.page);
  await signUp(desk.page, t.base, 'desk');
});
afterAll(async () => {
  await phone?.close();
  await desk?.close();
});

test('on a phone the action bar takes at most 40% of the screen, and folds to its prompt line', async () => {
  const { page } = phone;
  await page.goto(`${t.base}/games/${await helterSkelterDuel(t.base, token)}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor();
  const bar = page.getByLabel('Your move', { exact: true });
  const height = async () => (await bar.boundingBox())!.height;
  const open = await height();
  expect(open).toBeLessThanOrEqual(PHONE.height * 0.4 + 1);

  const hide = page.getByRole('button', { name: '▾ Hide' });
  const handle = (await hide.boundingBox())!;
  expect(Math.min(handle.width, handle.height)).toBeGreaterThanOrEqual(44);
  await hide.tap();
  const show = page.getByRole('button', { name: '▴ Show' });
  await expect.poll(() => show.getAttribute('aria-expanded')).toBe('false');
  expect(await height()).toBeLessThan(open);
  expect(await height()).toBeLessThan(PHONE.height * 0.2);
  // The question stays; what answers it waits until the bar is shown again.
  await expect.poll(() => bar.locator('.situation, .prompt h2, .choices > .picked, .choices > .hint').first().isVisible()).toBe(true);
  expect(await bar.locator('.hand').isVisible()).toBe(false);
  expect(await bar.getByRole('button').filter({ hasNotText: /Show|Hide/ }).first().isVisible()).toBe(false);

  await show.tap();
  await expect.poll(height).toBe(open);
});

test('on a phone Miniatures opens with 28 px models, my side’s in view', async () => {
  const { page } = phone;
  await page.goto(`${t.base}/games/${await miniatures(t.base, token)}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor();
  await page.locator('svg.mn-table').waitFor();
  const seen = await page.evaluate(() => {
    const view = document.querySelector('.zoom-view')!.getBoundingClientRect();
    const mine = Array.from(document.querySelectorAll('g.model.seat-0')).map((model) => model.getBoundingClientRect());
    return { left: view.left, right: view.right, mine: mine.map((box) => ({ width: box.width, middle: box.left + box.width / 2 })) };
  });
  expect(seen.mine.length).toBeGreaterThan(0);
  for (const model of seen.mine) expect(model.width).toBeGreaterThanOrEqual(27.5);
  expect(seen.mine.some((model) => model.middle > seen.left && model.middle < seen.right)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('on a desktop a Block War block board opens whole, at 100%', async () => {
  const { page } = desk;
  await page.goto(`${t.base}/games/${await blockWar(t.base, await tokenOf(page))}`);
  await page.locator('svg.bw-board').first().waitFor();
  const views = page.getByRole('region', { name: /’s block: scroll to pan/ });
  expect(await views.count()).toBeGreaterThan(0);
  for (const view of await views.all()) {
    const size = await view.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.client + 1);
  }
});
