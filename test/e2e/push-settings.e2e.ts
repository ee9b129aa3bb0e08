// Settings' browser notifications, through the page: the per-account push mute is saved and shown,
// and a browser that can receive pushes is offered to notify this device. (Subscribing itself needs
// the browser's push service, which a test without outside services cannot reach: the round trip
// from subscription to decrypted push is test/notify/push-e2e.test.ts.)

import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp();
let player: Player;

beforeAll(async () => {
  player = await openBrowser();
});
afterAll(async () => {
  await player?.close();
});

test('the push mute is saved from the settings, and this device is offered notifications', async () => {
  const { page } = player;
  await signUp(page, t.base, 'pushy');
  const token = await tokenOf(page);
  await page.goto(`${t.base}/settings`);
  const section = page.getByRole('region', { name: 'Browser notifications' });
  await section.getByRole('button', { name: 'Notify this device' }).waitFor();

  await section.getByLabel(/Mute on all my devices/).check();
  await section.getByRole('status').filter({ hasText: 'Push is muted on all your devices.' }).waitFor();
  expect(await callApi<{ muted: boolean }>(t.base, 'GET', '/v1/me/push-settings', token)).toEqual({ muted: true });

  await page.reload();
  expect(await page.getByRole('region', { name: 'Browser notifications' }).getByLabel(/Mute on all my devices/).isChecked()).toBe(true);
});
