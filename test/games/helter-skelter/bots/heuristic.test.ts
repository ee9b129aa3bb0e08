// The heuristic bot (src/games/helter-skelter/bots/): it chooses the same command from the same
// state, only ever a legal one, and never from what its seat may not see (docs/architecture.md §5,
// "Hidden information"): two states that differ only in another seat's hand, any deck's order,
// another seat's standing orders, map cards or starting cards, another seat's answer in an open
// INTERRUPT window, or the game's generator give the same command. And it plays to win: it takes
// a point when one is there.

import { beforeAll, describe, expect, it } from 'vitest';
import { randomBot } from '../../../../src/platform/bots.ts';
import { playBotGame } from '../../../../src/platform/bot-player.ts';
import type { Bot } from '../../../../src/platform/game-module.ts';
import { keyedRng, seedRng } from '../../../../src/platform/random.ts';
import { heuristicBot } from '../../../../src/games/helter-skelter/bots/index.ts';
import { knownState } from '../../../../src/games/helter-skelter/bots/seat-knowledge.ts';
import { helterSkelter, type Command, type GameState } from '../../../../src/games/helter-skelter/index.ts';
import { cloneState } from '../../../../src/games/helter-skelter/state.ts';
import { TEAM_IDS } from '../../../../src/games/helter-skelter/content/types.ts';
import type { Scenario } from '../../../../src/games/helter-skelter/scenario.ts';
import { cardsWhere, DAN_TANNA, findPair, TestGame } from '../support.ts';

type Position = { seat: number; state: GameState; legal: Command[]; command: Command };

const random = randomBot as Bot<GameState, Command>;

/** Every decision of the heuristic seat in a few games against random bots, 2 to 4 players, both maps. */
function positions(): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < 3; g++) {
    const players = 2 + g;
    // Seats 1, 0 and 3: the bot is the last of the seats to assign its starting cards in two of them.
    const botSeat = (players - 1 + g) % players;
    const bots = Array.from({ length: players }, (_, i) => (i === botSeat ? heuristicBot : random));
    const played = playBotGame(
      helterSkelter,
      {
        map: g % 2 === 0 ? 'dan-tanna-enid-blyton' : 'grand-hall-of-justice',
        seats: Array.from({ length: players }, (_, i) => ({ team: TEAM_IDS[(g + i) % 4]! })),
        seed: `heuristic-test-${g}`,
      },
      bots,
      `heuristic-test-${g}`,
      { record: true },
    );
    expect(played.finished).toBe(true);
    for (const d of played.decisions!) if (d.seat === botSeat) out.push(d);
  }
  return out;
}

/** The same game with everything `seat` cannot see changed: other hands and decks, orders, generator. */
function withOtherSecrets(state: GameState, seat: number): GameState {
  const s = cloneState(state);
  s.rng = keyedRng('ab'.repeat(32));
  s.seats.forEach((other, i) => {
    if (i === seat) {
      other.deck.reverse();
      return;
    }
    // Cards move between the hand and the deck; the hand keeps its size (which is public).
    const unseen = [...other.deck, ...other.hand];
    other.hand = unseen.slice(0, other.hand.length);
    other.deck = unseen.slice(other.hand.length).reverse();
    other.mapCards.reverse();
    other.orders = { interrupt: other.orders.interrupt === 'armed' ? 'ask' : 'armed', defence: other.orders.defence === 'always' ? 'never' : 'always' };
    other.arms = other.arms.length > 0 ? [] : [{ trigger: 'whenAttacked' }];
  });
  for (const c of Object.values(s.characters)) if (c.seat !== seat) c.startingCards.reverse();
  const sit = s.situation;
  if (sit.kind === 'interrupt')
    for (const answered of Object.keys(sit.answers))
      if (Number(answered) !== seat) sit.answers[answered] = sit.answers[answered] === null ? 'judges-01' : null;
  return s;
}

describe('the heuristic bot', () => {
  let played: Position[];
  beforeAll(() => {
    played = positions();
  }, 120_000);

  it('plays whole games against random bots, choosing only commands that were legal', () => {
    expect(played.length).toBeGreaterThan(100);
    for (const p of played) expect(p.legal).toContainEqual(p.command);
  });

  it('is deterministic: the same state (also read back from storage) and generator give the same command', () => {
    for (const [i, p] of played.entries()) {
      const rng = seedRng(`again-${i}`);
      const once = heuristicBot.choose(p.state, p.seat, p.legal, rng);
      const stored = helterSkelter.replay(JSON.parse(JSON.stringify(p.state)) as GameState, []);
      expect(heuristicBot.choose(stored, p.seat, p.legal, rng)).toEqual(once);
    }
  });

  it('never reads what its seat cannot see: changing only other seats’ secrets changes no choice', () => {
    let differing = 0;
    for (const [i, p] of played.entries()) {
      const other = withOtherSecrets(p.state, p.seat);
      // The change is invisible to the seat, and the rules offer it the same commands …
      expect(helterSkelter.view(other, p.seat)).toEqual(helterSkelter.view(p.state, p.seat));
      expect(helterSkelter.legalCommands(other, p.seat)).toEqual(p.legal);
      if (JSON.stringify(other) !== JSON.stringify(p.state)) differing++;
      // … and the bot knows and chooses exactly the same.
      expect(knownState(other, p.seat)).toEqual(knownState(p.state, p.seat));
      const rng = seedRng(`secrets-${i}`);
      expect(heuristicBot.choose(other, p.seat, p.legal, rng)).toEqual(heuristicBot.choose(p.state, p.seat, p.legal, rng));
    }
    expect(differing).toBe(played.length);
  });

  it('collects its fragment when it stands on it with the cards to pay', () => {
    const [here, away] = findPair(DAN_TANNA, (a, b, bd) => a !== b && !bd.adjacent(a).includes(b));
    const dredd = cardsWhere('judges', (c) => c.action !== 'INTERRUPT' && c.characters.includes('dredd'));
    const scenario: Scenario = {
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: dredd.slice(0, 4) },
        { team: 'slaine', hand: [] },
      ],
      characters: { dredd: { space: here }, slaine: { space: away } },
      fragments: [{ seat: 0, space: here }],
    };
    const game = TestGame.withOthersDead(scenario);
    const legal = helterSkelter.legalCommands(game.state, 0);
    expect(legal.some((c) => c.type === 'COLLECT_FRAGMENT')).toBe(true);
    expect(heuristicBot.choose(game.state, 0, legal, seedRng('collect')).type).toBe('COLLECT_FRAGMENT');
  });

  it('kills an enemy it can kill: a point beats anything else', () => {
    const [here, away] = findPair(DAN_TANNA, (a, b, bd) => a !== b && !bd.adjacent(a).includes(b) && !bd.hasLineOfSight(a, b));
    const melee = cardsWhere('judges', (c) => c.action === 'MELEE' && (c.linkedTo === null || c.linkedTo === 'dredd'));
    const moves = cardsWhere('judges', (c) => c.action === 'FLY' && c.characters.includes('dredd'));
    const scenario: Scenario = {
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [melee[0]!, ...moves.slice(0, 2)] },
        { team: 'slaine', hand: [] },
      ],
      characters: { dredd: { space: here }, kai: { space: here, health: 1 }, slaine: { space: away } },
    };
    const game = TestGame.withOthersDead(scenario);
    const legal = helterSkelter.legalCommands(game.state, 0);
    const chosen = heuristicBot.choose(game.state, 0, legal, seedRng('kill')) as Command & { defender?: string };
    expect(['MELEE', 'SMASH']).toContain(chosen.type);
    expect(chosen.defender).toBe('kai');
  });

  // "Playing solo against the Dark Judges": the bot plays the one seat; the Dark Judges are played
  // by the rules. It must not read the solo deck's order, hidden from everyone (R55).
  it('plays solo games to their end, and its choice does not depend on the solo deck’s order', () => {
    let checked = 0;
    for (const [g, team] of (['judges', 'slaine'] as const).entries()) {
      const setup = { map: DAN_TANNA, seats: [{ team }], seed: `solo-bot-${g}`, solo: true };
      const game = playBotGame(helterSkelter, setup, [heuristicBot], `solo-bot-${g}`, { maxCommands: 20_000, record: true });
      expect(game.finished).toBe(true);
      for (const [i, d] of game.decisions!.entries()) {
        expect(d.legal).toContainEqual(d.command);
        if (i % 5 !== 0 || d.legal.length < 2 || d.state.solo!.deck.length < 2) continue;
        const other = cloneState(d.state);
        other.solo!.deck.reverse();
        const rng = seedRng(`solo-deck-${g}-${i}`);
        expect(heuristicBot.choose(other, 0, d.legal, rng)).toEqual(heuristicBot.choose(d.state, 0, d.legal, rng));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
