// Async rhythm (issue 30; docs/rulings.md R11, R14, R58): a 2-player daily-clock Helter Skelter
// game in two phone-sized browsers, played for a few turns through the pages. Under the default
// orders no window and no defence waits on a seat, so no page ever shows a prompt whose only answer
// is "Pass" or "Take the damage". Sláine's player arms an INTERRUPT from the table ("Interrupt when
// attacked"), and the arm claims by itself when Dredd attacks.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, PHONE, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait, playOneCommand } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let judges: Player;
let slaine: Player;

interface Content {
  cards: { id: string; team: string; action: string; linkedTo: string | null }[];
}

/** Dredd (seat 0, to act) and Sláine on one space, each side with MELEE cards and an INTERRUPT card; the daily clock. */
async function dailyDuel(): Promise<{ id: string; slaineInterrupt: string }> {
  const api = <T>(method: string, path: string, as: string | null, body?: unknown) => callApi<T>(t.base, method, path, as, body);
  const content = await api<Content>('GET', '/v1/games/helter-skelter/content', null);
  const hand = (team: string, who: string) => [
    ...content.cards.filter((card) => card.team === team && card.action === 'MELEE' && (card.linkedTo === null || card.linkedTo === who)).slice(0, 4).map((card) => card.id),
    ...content.cards.filter((card) => card.team === team && card.action === 'INTERRUPT').slice(0, 1).map((card) => card.id),
  ];
  const dead = { space: 'dead' };
  const game = await api<{ id: string }>('POST', '/v1/games', await tokenOf(judges.page), {
    game: 'helter-skelter',
    options: {
      map: 'dan-tanna-enid-blyton',
      clock: 'daily',
      seats: [{ team: 'judges' }, { team: 'slaine' }],
      scenario: {
        seats: [{ hand: hand('judges', 'dredd') }, { hand: hand('slaine', 'slaine') }],
        characters: { dredd: { space: 7 }, giant: { space: 12 }, anderson: dead, hershey: dead, 'mean-machine': dead, slaine: { space: 7 }, ukko: dead, niamh: dead, kai: dead },
        activeSeat: 0,
      },
    },
  });
  await api('POST', `/v1/games/${game.id}/seats/0/claim`, await tokenOf(judges.page));
  await api('POST', `/v1/games/${game.id}/seats/1/claim`, await tokenOf(slaine.page));
  return { id: game.id, slaineInterrupt: hand('slaine', 'slaine').at(-1)! };
}

/** The answers a page's prompt offers now (none when it shows no prompt). */
async function promptAnswers(player: Player): Promise<string[]> {
  const prompt = player.page.locator('section.prompt');
  if ((await prompt.count()) === 0) return [];
  return (await prompt.locator('button').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

/** No page shows a prompt that can only be passed or can only take the damage. */
async function expectNoForcedPrompt(): Promise<void> {
  for (const player of [judges, slaine]) {
    const answers = await promptAnswers(player);
    if (answers.length === 0) continue;
    expect(answers, 'a prompt offering only Pass').not.toEqual(['Pass']);
    expect(answers.every((answer) => /^Take the damage/.test(answer)), `a prompt offering only the damage: ${answers.join(', ')}`).toBe(false);
  }
}

beforeAll(async () => {
  judges = await openBrowser({ ...PHONE, confirm: false });
  slaine = await openBrowser({ ...PHONE, confirm: false });
  await signUp(judges.page, t.base, 'rhythm');
  await signUp(slaine.page, t.base, 'daily');
});
afterAll(async () => {
  await judges?.close();
  await slaine?.close();
});

test('a daily game at 375 px: nobody is ever prompted with only "Pass" or only "Take the damage"; an INTERRUPT armed from the table claims by itself', async () => {
  const { id, slaineInterrupt } = await dailyDuel();
  await judges.page.goto(`${t.base}/games/${id}`);
  await slaine.page.goto(`${t.base}/games/${id}`);
  await judges.page.waitForSelector('main.game-page[data-awaiting-me="yes"]');
  await slaine.page.waitForSelector('main.game-page[data-awaiting-me="no"]');

  // Sláine's player, holding an INTERRUPT card, arms one for when a character of theirs is attacked.
  const whenAttacked = slaine.page.getByRole('button', { name: 'Interrupt when attacked' });
  await andWait(slaine.page, () => whenAttacked.click());
  await expect.poll(() => whenAttacked.getAttribute('aria-pressed')).toBe('true');
  // The Judges' page shows no arm of theirs (they hold one INTERRUPT card too, and have armed none).
  expect(await judges.page.getByRole('button', { name: 'Interrupt when attacked' }).getAttribute('aria-pressed')).toBe('false');

  // The Judges' page has seen that change (a bare OrdersSet) before Dredd acts, so that the attack,
  // not the arm, is what moves its version below.
  const armed = (await callApi<{ version: number }>(t.base, 'GET', `/v1/games/${id}`, null)).version;
  await judges.page.waitForFunction((v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) >= v, armed);

  // Dredd attacks Sláine: her defence is decided at once (R14), and her arm claims in the window
  // after the attack (R58): her interrupting turn begins, and her INTERRUPT card is on her discard pile.
  await judges.page.locator('.hand .card.playable', { hasText: 'MELEE' }).first().click();
  await andWait(judges.page, () => judges.page.locator('.board .space.target rect.hit').first().click());
  // The claim is made in the attack's own command: the game awaits Sláine's seat at once.
  const awaitedSeats = async () => (await callApi<{ awaiting: { seat: number }[] }>(t.base, 'GET', `/v1/games/${id}`, null)).awaiting.map((a) => a.seat);
  await expect.poll(awaitedSeats, { timeout: 30_000 }).toEqual([1]);
  await slaine.page.waitForSelector('main.game-page[data-awaiting-me="yes"]', { timeout: 60_000 });
  await expectNoForcedPrompt();
  const seen = await callApi<{ view: { seats: { seat: number; discard: string[]; arms?: unknown[] }[] } }>(t.base, 'GET', `/v1/games/${id}`, await tokenOf(slaine.page));
  expect(seen.view.seats[1]!.discard).toContain(slaineInterrupt);
  expect(seen.view.seats[1]!.arms).toEqual([]);

  let commands = 0;
  let turnsSeen = 0;
  let last: 'judges' | 'slaine' | null = null;
  while (commands < 24 && turnsSeen < 5) {
    await expectNoForcedPrompt();
    const awaited = await Promise.race([
      judges.page.waitForSelector('main.game-page[data-awaiting-me="yes"], main.game-page[data-status="finished"]', { timeout: 30_000 }).then(() => 'judges' as const),
      slaine.page.waitForSelector('main.game-page[data-awaiting-me="yes"], main.game-page[data-status="finished"]', { timeout: 30_000 }).then(() => 'slaine' as const),
    ]);
    const player = awaited === 'judges' ? judges : slaine;
    if ((await player.page.locator('main.game-page').getAttribute('data-status')) !== 'active') break;
    if (awaited !== last) turnsSeen++;
    last = awaited;
    await expectNoForcedPrompt();
    if (await playOneCommand(player.page)) commands++;
  }
  await expectNoForcedPrompt();
  expect(commands).toBeGreaterThan(3);
  for (const player of [judges, slaine]) expect(await player.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}, 240_000);
