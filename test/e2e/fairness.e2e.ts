// The game page as the player's witness of the shuffle (issue 28), in Debian's Chromium:
// - it shows the game's commitment from the start and keeps it in the browser;
// - when the server (here a proxy in front of it: the page's own requests, rewritten) later shows
//   another commitment, with a key that matches that forged one, the page says so plainly;
// - a revealed key that does not match the kept commitment is said plainly too;
// - a game from a chosen position says so on its page.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { commitment } from '../../src/platform/fairness.ts';
import { useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp();
let player: Player;
let token: string;

const FORGED_KEY = 'f'.repeat(64);
const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(t.base, method, path, token, body);

beforeAll(async () => {
  player = await openBrowser({ confirm: false });
  await signUp(player.page, t.base, 'fair');
  token = await tokenOf(player.page);
});
afterAll(async () => {
  await player?.close();
});

/** Rewrites the game's `fairness` in every answer for it that the page reads from now on. */
async function forge(page: Page, id: string, fairness: (shown: { commitment: string; key: string | null }) => object): Promise<void> {
  await page.route(new RegExp(`/v1/games/${id}(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { fairness: { commitment: string; key: string | null } };
    await route.fulfill({ response, json: { ...body, fairness: { ...body.fairness, ...fairness(body.fairness) } } });
  });
}

const fairnessBlock = (page: Page) => page.locator('section.fairness');

test('the page keeps the commitment it first saw, and says so plainly when the server shows another', async () => {
  const { page } = player;
  const game = await api<{ id: string; fairness: { commitment: string } }>('POST', '/v1/games', {
    game: 'helter-skelter',
    seat: 0,
    options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await page.locator(`section.fairness[data-commitment-check="kept"]`).waitFor();
  expect(await fairnessBlock(page).locator('code.commitment').textContent()).toBe(game.fairness.commitment);
  expect(await fairnessBlock(page).textContent()).toContain('This browser has kept it');
  expect(await fairnessBlock(page).textContent()).not.toContain('not a fair deal');

  // A reload shows the same commitment: kept from before, no warning.
  await page.reload();
  await page.locator(`section.fairness[data-commitment-check="kept"]`).waitFor();
  expect(await fairnessBlock(page).textContent()).toContain('This browser kept it on');
  expect(await fairnessBlock(page).getByRole('alert').count()).toBe(0);

  // The server now shows a forged key with a forged commitment that matches it.
  await forge(page, game.id, () => ({ commitment: commitment(FORGED_KEY), key: FORGED_KEY }));
  await page.reload();
  await page.locator(`section.fairness[data-commitment-check="replaced"][data-key-check="mismatch"]`).waitFor();
  const alerts = await fairnessBlock(page).getByRole('alert').allTextContents();
  expect(alerts.join('\n')).toContain('the server now shows a different commitment from the one this browser kept');
  expect(alerts.join('\n')).toContain(game.fairness.commitment);
  expect(alerts.join('\n')).toMatch(/revealed key .* does not match the commitment/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a revealed key that does not hash to the kept commitment is said plainly', async () => {
  const { page } = player;
  const game = await api<{ id: string; fairness: { commitment: string } }>('POST', '/v1/games', {
    game: 'helter-skelter',
    seat: 0,
    options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await page.locator(`section.fairness[data-commitment-check="kept"]`).waitFor();
  await forge(page, game.id, () => ({ key: FORGED_KEY }));
  await page.reload();
  await page.locator(`section.fairness[data-commitment-check="kept"][data-key-check="mismatch"]`).waitFor();
  expect((await fairnessBlock(page).getByRole('alert').allTextContents()).join('\n')).toContain(`does not match the commitment ${game.fairness.commitment}`);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a game from a chosen position says so on its page', async () => {
  const { page } = player;
  const game = await api<{ id: string }>('POST', '/v1/games', {
    game: 'helter-skelter',
    seat: 0,
    options: {
      map: 'dan-tanna-enid-blyton',
      seats: [{ team: 'judges' }, { team: 'slaine' }],
      scenario: { seats: [{ hand: ['judges-01', 'judges-02', 'judges-03'] }, { hand: ['slaine-01'] }] },
    },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await page.locator('section.fairness').waitFor();
  expect(await fairnessBlock(page).getByRole('note').textContent()).toContain('The creator chose this game’s starting position');
});
