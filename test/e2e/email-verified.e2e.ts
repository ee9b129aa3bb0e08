// The link in the verification email, opened in a browser: the service verifies the address and
// sends the browser (303) to the client's own page, which says so in the app's style and leads
// back in ("Continue to the lobby"). The same link opened again has been used: the page says the
// link did not work, in a sentence, and still leads back in. A client that does not ask for HTML
// keeps the API's answers (test/notify/email-e2e.test.ts).

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

const verifyLinkTo = (address: string) => mailbox.linkTo(address, /http:\/\/\S+\/v1\/email\/verify\?token=\S+/);

test('the verification link lands on a styled page that leads to the lobby; used again, it says so', async () => {
  const { page } = player;
  const handle = await signUp(page, t.base, 'verify');
  const link = await verifyLinkTo(`${handle}@example.com`.toLowerCase());

  await page.goto(link);
  await page.getByRole('heading', { name: 'Your email address is verified' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/email-verified');
  // The page is the app's: its header and stylesheet, not the API's bare HTML.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('link', { name: 'Continue to the lobby' }).click();
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();

  await page.goto(`${t.base}/settings`);
  await page.getByText('(verified)').waitFor();

  await page.goto(link);
  await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
  await page.getByText('This link is unknown, used or expired. Ask for a new one in Settings.').waitFor();
  expect(page.url()).toContain('problem=INVALID_LINK');
  await page.getByRole('link', { name: 'Continue to the lobby' }).waitFor();
});
