// Scenarios (the `scenario` option, docs/api.md, "Starting from a position"): a character the scenario does not name is placed as in a normal
// set-up — undeployed behind starting map cards drawn from the game's generator — and only
// `space: 'dead'` leaves one out of play. (The API's side, schema and refusals: test/api/scenario.test.ts.)

import { describe, expect, it } from 'vitest';
import { MULTIPLAYER_DESIGNATIONS } from '../../../../src/games/helter-skelter/content/index.ts';
import { fromScenario, type Scenario } from '../../../../src/games/helter-skelter/scenario.ts';
import { DAN_TANNA } from '../support.ts';

const KEY = 'a'.repeat(64);
const OTHER_KEY = 'b'.repeat(64);

const twoSeats = (over: Partial<Scenario> = {}): Scenario => ({
  map: DAN_TANNA,
  seats: [
    { team: 'judges', hand: [] },
    { team: 'slaine', hand: [] },
  ],
  characters: { dredd: { space: 7 }, slaine: { space: 8 } },
  ...over,
});

const cardsOf = (s: ReturnType<typeof fromScenario>) => Object.fromEntries(Object.values(s.characters).map((c) => [c.id, c.startingCards]));

describe('a character the scenario does not name', () => {
  it('waits undeployed behind starting map cards no fragment and no other character uses (Ukko: two)', () => {
    const fragments = [
      { seat: 0, space: 1 },
      { seat: 1, space: 3 },
    ];
    const s = fromScenario(twoSeats({ fragments, characters: { dredd: { space: 7 }, giant: { space: 'undeployed', startingCards: [4] }, slaine: { space: 8 } } }), { key: KEY });
    const placed = ['anderson', 'hershey', 'mean-machine', 'ukko', 'niamh', 'kai'].map((id) => s.characters[id]!);
    for (const c of placed) {
      expect(c.status, c.id).toBe('undeployed');
      expect(c.health, c.id).toBeGreaterThan(0);
      expect(c.startingCards, c.id).toHaveLength(c.id === 'ukko' ? 2 : 1);
    }
    const cards = placed.flatMap((c) => c.startingCards);
    expect(new Set(cards).size).toBe(cards.length);
    for (const card of cards) {
      expect([1, 3, 4]).not.toContain(card);
      // "If you're playing with two players, find and remove all map cards with the multiplayer symbol."
      expect(MULTIPLAYER_DESIGNATIONS).not.toContain(card);
    }
    expect(s.situation).toMatchObject({ kind: 'turn', actor: 0, mustDeploy: true });
  });

  it('is placed the same way from the same key, byte for byte, and differently from another key', () => {
    const a = fromScenario(twoSeats(), { key: KEY });
    expect(JSON.stringify(fromScenario(twoSeats(), { key: KEY }))).toBe(JSON.stringify(a));
    expect(cardsOf(fromScenario(twoSeats(), { key: OTHER_KEY }))).not.toEqual(cardsOf(a));
  });

  it('is dead only when the scenario says so', () => {
    const s = fromScenario(twoSeats({ characters: { dredd: { space: 7 }, giant: { space: 'dead' }, slaine: { space: 8 } } }), { key: KEY });
    expect(s.characters['giant']).toMatchObject({ status: 'dead', space: null, health: 0, startingCards: [] });
    expect(s.characters['anderson']!.status).toBe('undeployed');
  });
});
