// Table chat in two browsers: a page shows the newest 100 messages and fetches earlier ones on
// demand; a player writes with the keyboard and a spectator's page shows the message live, without a reload; the spectator answers; the player mutes the spectator, whose next
// message never reaches the player's page, and unmutes them again.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

// A rate high enough to write a backlog of messages quickly through the API.
const t = useTestApp({ chat: { messagesPerMinute: 1000 } });
let player: Player;
let spectator: Player;

beforeAll(async () => {
  [player, spectator] = await Promise.all([openBrowser(), openBrowser({ width: 375, height: 800 })]);
});
afterAll(async () => {
  await Promise.all([player?.close(), spectator?.close()]);
});

const api = <T>(method: string, path: string, token: string, body?: unknown) => callApi<T>(t.base, method, path, token, body);

const chatLog = (page: Player['page']) => page.getByRole('log', { name: 'Chat messages' });

test('one page writes, the other sees it live; a muted author disappears from the muter’s page', async () => {
  const playerHandle = await signUp(player.page, t.base, 'talk');
  const spectatorHandle = await signUp(spectator.page, t.base, 'watch');
  const token = await tokenOf(player.page);
  // A game against a bot, so the player's seat is all it needs; the spectator holds no seat.
  const game = await api<{ id: string }>('POST', '/v1/games', token, {
    game: 'helter-skelter',
    options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] },
  });
  await api('POST', `/v1/games/${game.id}/seats/0/claim`, token);

  // A backlog longer than the page shows at first: the newest 100, and a button for the earlier ones.
  for (let i = 1; i <= 101; i++) await api('POST', `/v1/games/${game.id}/chat`, token, { text: `backlog ${i}` });

  await Promise.all([player.page.goto(`${t.base}/games/${game.id}`), spectator.page.goto(`${t.base}/games/${game.id}`)]);
  await Promise.all([player.page.getByRole('heading', { name: 'Table chat' }).waitFor(), spectator.page.getByRole('heading', { name: 'Table chat' }).waitFor()]);
  await chatLog(spectator.page).getByText('backlog 101').waitFor();
  expect(await chatLog(spectator.page).locator('p[data-chat-id]').count()).toBe(100);
  const first = chatLog(spectator.page).locator('.chat-text', { hasText: /^backlog 1$/ });
  expect(await first.count()).toBe(0);
  await spectator.page.getByRole('button', { name: 'Earlier messages' }).click();
  await first.waitFor();
  await spectator.page.getByRole('button', { name: 'Earlier messages' }).waitFor({ state: 'detached' });

  // Keyboard only: focus the labelled field, type, Enter.
  await player.page.getByRole('textbox', { name: 'Your message' }).focus();
  await player.page.keyboard.type('I am the law.');
  await player.page.keyboard.press('Enter');
  await chatLog(spectator.page).getByText('I am the law.').waitFor({ timeout: 10_000 });
  expect(await chatLog(spectator.page).textContent()).toContain(playerHandle);
  // The field empties once the page has the API's answer, which may come after the spectator's stream.
  await expect.poll(() => player.page.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe('');

  await spectator.page.getByRole('textbox', { name: 'Your message' }).fill('Prove it, Judge.');
  await spectator.page.getByRole('button', { name: 'Send' }).click();
  await chatLog(player.page).getByText('Prove it, Judge.').waitFor({ timeout: 10_000 });
  expect(await chatLog(player.page).textContent()).toContain('spectator');

  // A refusal shows the API's sentence.
  await player.page.getByRole('textbox', { name: 'Your message' }).fill('   ');
  await player.page.getByRole('button', { name: 'Send' }).click();
  await player.page.getByRole('alert').filter({ hasText: 'Write something first.' }).waitFor();

  await player.page.getByRole('button', { name: `Mute ${spectatorHandle}` }).click();
  await player.page.getByRole('button', { name: `Unmute ${spectatorHandle}` }).waitFor();
  expect(await chatLog(player.page).textContent()).not.toContain('Prove it, Judge.');

  await spectator.page.getByRole('textbox', { name: 'Your message' }).fill('You cannot hear me.');
  await spectator.page.keyboard.press('Enter');
  await chatLog(spectator.page).getByText('You cannot hear me.').waitFor();
  await player.page.getByRole('textbox', { name: 'Your message' }).fill('Still here.');
  await player.page.keyboard.press('Enter');
  // The spectator's page gets the player's later message; the player's page never got the muted one.
  await chatLog(spectator.page).getByText('Still here.').waitFor({ timeout: 10_000 });
  expect(await chatLog(player.page).textContent()).not.toContain('You cannot hear me.');

  await player.page.getByRole('button', { name: `Unmute ${spectatorHandle}` }).click();
  await chatLog(player.page).getByText('You cannot hear me.').waitFor({ timeout: 10_000 });
});
