// Forgot your password, in the browser: from the log-in page to the email (a real SMTP receiver),
// from the email's link to a new password, and a log-in with it; then a change of password in
// Settings, which keeps this browser signed in.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { startSmtpServer } from '../notify/email/fixtures.ts';
import { openBrowser, signUp, type Player } from './support/browser.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let player: Player;
let outboxDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-reset-e2e-outbox-'));
  player = await openBrowser();
});
afterAll(async () => {
  await player?.close();
  await smtp?.close();
  if (outboxDir) fs.rmSync(outboxDir, { recursive: true, force: true });
});

const t = useTestApp(() => ({ worker: QUICK_WORKER, mail: { smtpUrl: smtp.url, outboxDir, from: 'Judge Dredd <no-reply@example.org>' } }));

async function resetLinkTo(address: string): Promise<string> {
  const stop = Date.now() + 10_000;
  while (Date.now() < stop) {
    for (const raw of smtp.received.filter((mail) => mail.to.includes(address))) {
      const mail = await simpleParser(raw.raw);
      const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0];
      if (/Reset your/.test(mail.subject ?? '') && link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset email to ${address}`);
}

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
