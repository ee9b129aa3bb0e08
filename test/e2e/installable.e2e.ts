// The web app can be installed (issue 32, "Lighthouse … and the PWA installability checks pass"):
// Lighthouse 12 has no PWA category any more, so the check is Chromium's own, the one its install
// prompt uses: the DevTools protocol's Page.getInstallabilityErrors, on the lobby and on My games
// once the service worker controls the page. It lists what stops an install (no manifest, an icon
// missing or of the wrong size, no service worker…); an empty list is installable.
// scripts/bench-lighthouse.ts prints the same check beside its scores.

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
});
afterAll(async () => {
  await player?.close();
});

interface InstallabilityError {
  errorId: string;
  errorArguments: { name: string; value: string }[];
}

async function installabilityErrors(page: Page): Promise<string[]> {
  // The worker registered by the page, active and in control: what an install needs.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: InstallabilityError[] };
  await cdp.detach();
  return installabilityErrors.map((error) => `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`);
}

test('the lobby and My games are installable: Chromium finds no installability error', async () => {
  const { page } = player;
  await page.goto(`${t.base}/lobby`);
  await page.locator('main h1').waitFor();
  expect(await installabilityErrors(page)).toEqual([]);
  await signUp(page, t.base, 'install');
  await page.getByRole('heading', { name: 'My games' }).waitFor();
  expect(await installabilityErrors(page)).toEqual([]);
  // The check does look: the API's documentation page, which links no manifest, is not installable.
  await page.goto(`${t.base}/docs/`);
  expect(await installabilityErrors(page)).toContain('no-manifest');
});
