// Two players, each in a browser of their own (one of them phone-sized), at a table arranged
// through the API: the Judges' Dredd shares a space with Sláine with MELEE cards in hand.
// - each page shows its own hand and nothing of the other's;
// - the Judges play a turn with the keyboard only (card, target, end of turn);
// - Sláine's page shows the defence prompt with its countdown and answers it before the deadline;
// - a defence window left to expire while the page is open updates the page without a reload;
// - the phone-width page has no sideways scrolling.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let judges: Player;
let slaine: Player;
let tokens: { judges: string; slaine: string };

interface Content {
  cards: { id: string; team: string; action: string; linkedTo: string | null; characters: string[] }[];
}

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(t.base, method, path, token, body);

/** A 2-player game where Dredd (seat 0, to act) can MELEE Sláine on his space; both seats claimed. */
async function arrangeDuel(defenceSeconds: number): Promise<{ id: string; judgesHand: string[]; slaineHand: string[] }> {
  const content = await api<Content>('GET', '/v1/games/helter-skelter/content', null);
  const judgesHand = content.cards.filter((card) => card.team === 'judges' && card.action === 'MELEE' && (card.linkedTo === null || card.linkedTo === 'dredd')).slice(0, 4).map((card) => card.id);
  const slaineHand = content.cards.filter((card) => card.team === 'slaine' && ['DEFLECT', 'MELEE'].includes(card.action)).slice(0, 4).map((card) => card.id);
  const dead = { space: 'dead' };
  const game = await api<{ id: string }>('POST', '/v1/games', tokens.judges, {
    game: 'helter-skelter',
    options: {
      map: 'dan-tanna-enid-blyton',
      clock: { turn: 600, defence: defenceSeconds, interrupt: 600 },
      seats: [{ team: 'judges' }, { team: 'slaine' }],
      scenario: {
        seats: [{ hand: judgesHand }, { hand: slaineHand }],
        characters: { dredd: { space: 7 }, giant: dead, anderson: dead, hershey: dead, 'mean-machine': dead, slaine: { space: 7 }, ukko: dead, niamh: dead, kai: dead },
        activeSeat: 0,
      },
    },
  });
  await api('POST', `/v1/games/${game.id}/seats/0/claim`, tokens.judges);
  await api('POST', `/v1/games/${game.id}/seats/1/claim`, tokens.slaine);
  // Sláine's player chooses each defence, and each INTERRUPT, herself (the defaults decide them at once).
  await api('PUT', `/v1/games/${game.id}/seats/1/orders`, tokens.slaine, { interrupt: 'ask', defence: 'ask' });
  const view = await api<{ legalCommands: { type: string; defender?: string }[] }>('GET', `/v1/games/${game.id}`, tokens.judges);
  if (!view.legalCommands.some((command) => command.type === 'MELEE' && command.defender === 'slaine')) {
    throw new Error(`the arranged position offers no MELEE on Sláine: ${JSON.stringify(view.legalCommands)}`);
  }
  return { id: game.id, judgesHand, slaineHand };
}

/** Presses Tab until the focused element matches (it may already), then Enter. */
async function tabTo(player: Player, selector: string, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (i > 0) await player.page.keyboard.press('Tab');
    if (await player.page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
      await player.page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`no focusable ${selector} within ${limit} tabs`);
}

beforeAll(async () => {
  judges = await openBrowser({ confirm: false });
  slaine = await openBrowser({ width: 375, height: 740, confirm: false });
  await signUp(judges.page, t.base, 'judge');
  await signUp(slaine.page, t.base, 'druid');
  tokens = { judges: await tokenOf(judges.page), slaine: await tokenOf(slaine.page) };
});
afterAll(async () => {
  await judges?.close();
  await slaine?.close();
});

test('each page shows its own hand only; a keyboard-only turn; the defence prompt answered before its deadline; phone width', async () => {
  const duel = await arrangeDuel(120);
  await judges.page.goto(`${t.base}/games/${duel.id}`);
  await slaine.page.goto(`${t.base}/games/${duel.id}`);
  for (const player of [judges, slaine]) await player.page.locator('main.game-page').waitFor();

  const handOf = (player: Player) => player.page.locator('.hand [data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));
  expect((await handOf(judges)).sort()).toEqual([...duel.judgesHand].sort());
  expect((await handOf(slaine)).sort()).toEqual([...duel.slaineHand].sort());
  // Nothing of the other hand anywhere in either page.
  const judgesHtml = await judges.page.content();
  const slaineHtml = await slaine.page.content();
  for (const card of duel.slaineHand) expect(judgesHtml).not.toContain(card);
  for (const card of duel.judgesHand) expect(slaineHtml).not.toContain(card);

  // Phone width: everything fits in 375 px, nothing scrolls sideways.
  expect(await slaine.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(slaine.page, 'phone');

  // The Judges, keyboard only: a MELEE card, then Sláine's space.
  const judgesStart = Number(await judges.page.locator('main.game-page').getAttribute('data-version'));
  await tabTo(judges, '.hand .card.playable');
  // Escape puts the card back (no space to aim at any more); then the card again, and its target.
  await judges.page.locator('.board .space.target').first().waitFor();
  await judges.page.keyboard.press('Escape');
  await judges.page.locator('.board .space.target').first().waitFor({ state: 'detached' });
  await judges.page.locator('.hand .card.selected').first().waitFor({ state: 'detached' });
  await tabTo(judges, '.hand .card.playable');
  await tabTo(judges, '.board .space.target');

  // Sláine's page: the prompt, with a countdown, without a reload.
  await slaine.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const prompt = slaine.page.getByRole('region', { name: /defend!/ });
  await prompt.waitFor({ timeout: 15_000 });
  expect(await slaine.page.getByRole('timer').first().getAttribute('aria-label')).toMatch(/Time to (act|answer): \d+ (s|min)/);
  await screenshot(slaine.page, 'defence-prompt');
  await judges.page.waitForFunction((v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v, judgesStart);
  await screenshot(judges.page, 'mid-game-defence');

  const answer = slaine.page.locator('.buttons button').first();
  const answerText = (await answer.textContent()) ?? '';
  await answer.click();
  await prompt.waitFor({ state: 'detached', timeout: 15_000 });
  expect(await slaine.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  // The prompt goes with the game fetched after the answer; the log's line comes over the event
  // stream, which may be a moment behind: wait for it rather than read the log at once.
  await slaine.page.locator('.log li', { hasText: answerText.startsWith('Take the damage') ? /takes the damage/ : /defends/ }).first().waitFor({ timeout: 10_000 });

  // Back to the Judges, once Sláine has let the INTERRUPT window after the attack pass: end the
  // turn with the keyboard too.
  const slainePass = slaine.page.locator('main.game-page[data-awaiting-me="yes"]').getByRole('button', { name: 'Pass' });
  const judgesEnd = judges.page.locator('main.game-page[data-awaiting-me="yes"]').getByRole('button', { name: 'End the turn' });
  await Promise.race([slainePass.waitFor({ timeout: 30_000 }), judgesEnd.waitFor({ timeout: 30_000 })]);
  if (await slainePass.isVisible()) await slainePass.click();
  await judgesEnd.waitFor({ timeout: 30_000 });
  await tabTo(judges, '.buttons button');
  await judges.page.locator('.log li', { hasText: /ends the turn/ }).first().waitFor({ timeout: 15_000 });
  expect((await judges.page.locator('.log li').allTextContents()).join('\n')).toMatch(/ends the turn/);
});

test('a defence window that expires while the page is open updates the page without a reload', async () => {
  const duel = await arrangeDuel(4);
  await judges.page.goto(`${t.base}/games/${duel.id}`);
  await slaine.page.goto(`${t.base}/games/${duel.id}`);
  for (const player of [judges, slaine]) await player.page.locator('main.game-page').waitFor();
  await slaine.page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));

  await judges.page.locator('.hand .card.playable').first().click();
  await judges.page.locator('.board .space.target rect.hit').first().click();
  const prompt = slaine.page.getByRole('region', { name: /defend!/ });
  await prompt.waitFor({ timeout: 15_000 });
  // Nobody answers: the server acts for Sláine at the deadline, and the open page follows.
  await prompt.waitFor({ state: 'detached', timeout: 30_000 });
  expect(await slaine.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
  await slaine.page.locator('.log li', { hasText: /takes \d+ damage/ }).first().waitFor({ timeout: 10_000 });
});

test('a command the API refuses shows its sentence; a dropped stream reconnects and resumes from the last event', async () => {
  const duel = await arrangeDuel(120);
  const { page } = judges;
  // The page's event stream drops (as a lost connection would) before the game moves on elsewhere.
  let streamDown = true;
  await page.route('**/v1/games/*/stream', (route) => (streamDown ? route.abort('connectionreset') : route.continue()));
  await page.goto(`${t.base}/games/${duel.id}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor();
  const before = Number(await page.locator('main.game-page').getAttribute('data-version'));

  // The same player ends the turn from another client (a bot script with the same account).
  const game = await api<{ awaiting: { windowId: string }[] }>('GET', `/v1/games/${duel.id}`, tokens.judges);
  await api('POST', `/v1/games/${duel.id}/commands`, tokens.judges, { type: 'END_TURN', windowId: game.awaiting[0]!.windowId });

  // The page, not told, still offers the attack: the API refuses it, and the page says why.
  await page.locator('.hand .card.playable').first().click();
  await page.locator('.board .space.target rect.hit').first().click();
  const refusal = page.locator('.refusal');
  await refusal.waitFor();
  expect(await refusal.getAttribute('role')).toBe('alert');
  expect((await refusal.textContent())!.length).toBeGreaterThan(10);

  // The stream comes back: the page resumes after the last event it had, and shows the end of turn.
  streamDown = false;
  await page.locator('.log li', { hasText: /ends the turn/ }).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction((v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v, before);
  const lines = await page.locator('.log li').allTextContents();
  expect(new Set(lines).size, 'no event shown twice').toBe(lines.length);
});
