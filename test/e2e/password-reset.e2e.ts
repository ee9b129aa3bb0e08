// Forgot your password, in the browser: from the log-in page to the email (a real SMTP receiver),
// from the email's link to a new password, and a log-in with it; then a change of password in
// Settings, which keeps this browser signed in.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, type Player } from './support/browser.ts';
import { useMailbox } from './support/mailbox.ts';

const mailbox = useMailbox();
let player: Player;

beforeAll(async () => {
  player = await openBrowser();
});
afterAll(async () => {
  await player?.close();
});

const t = useTestApp(() => ({ worker: QUICK_WORKER, mail: mailbox.mail() }));

const resetLinkTo = (address: string) => mailbox.linkTo(address, /http:\/\/\S+\/reset-password\?token=\S+/, /Reset your/);

test('a forgotten password is reset from the emailed link, and changed again in Settings', async () => {
  const { page } = player;
  const handle = await signUp(page, t.base, 'forgot');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(`${handle}@example.com`);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await page.getByRole('status').filter({ hasText: 'If an account has this address' }).waitFor();

  await page.goto(await resetLinkTo(`${handle}@example.com`.toLowerCase()));
  await page.getByLabel('New password').fill('judges patrol mega city one at dawn');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await page.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor();

  await page.goto(`${t.base}/login`);
  await page.getByLabel('Handle or email').fill(handle);
  await page.getByLabel('Password').fill('judges patrol mega city one at dawn');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'My games' }).waitFor();

  await page.goto(`${t.base}/settings`);
  await page.getByLabel('Current password').fill('judges patrol mega city one at dawn');
  await page.getByLabel('New password').fill('block war in sector thirteen tonight');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
  // Still signed in with the new session the answer carried.
  await page.reload();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  expect(await page.getByLabel(`Signed in as ${handle}`).count()).toBe(1);
  // Read with that session: the settings the API answered.
  await page.getByText(`To ${handle}@example.com`.toLowerCase()).waitFor();
});
