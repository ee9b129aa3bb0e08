// VAMPIRISM (rulebook, "The Teams — The Strontium Dogs"): "Whenever an enemy character takes
// damage from a MELEE action that Durham takes, Durham may return a health cube to her character
// card. She can never have more than three health cubes." Rulings: R20 (always taken).

import { describe, expect, it } from 'vitest';
import { DAN_TANNA, TestGame, linked, wild } from '../support.ts';
import { adjacentPair, first, ofType } from './support-part2.ts';

const [HERE] = adjacentPair(DAN_TANNA);
const MELEE = first(linked('strontium-dogs', 'MELEE', 'durham-red'));
const SMASH = first(linked('strontium-dogs', 'SMASH', 'durham-red'));
const BLOCK = first(wild('judges', 'MELEE'));

function game(durham: number, opts: { hand?: string[]; defenderHand?: string[]; giant?: number } = {}) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'strontium-dogs', hand: opts.hand ?? [MELEE] },
      { team: 'judges', hand: opts.defenderHand ?? [] },
    ],
    characters: {
      'durham-red': { space: HERE, health: durham },
      wulf: { space: HERE },
      giant: { space: HERE, health: opts.giant ?? 3 },
    },
  });
}

const vampiric = (events: ReturnType<TestGame['send']>) =>
  ofType(events, 'HealthRestored').filter((e) => e.reason === 'vampirism');

describe('Vampirism', () => {
  // "Whenever an enemy character takes damage from a MELEE action that Durham takes, Durham may
  // return a health cube to her character card." — always taken (R20).
  it('Vampirism returns a health cube to a wounded Durham Red when her MELEE damages an enemy', () => {
    const g = game(1);
    const events = g.send(0, { type: 'MELEE', character: 'durham-red', card: MELEE, defender: 'giant' });
    expect(vampiric(events)).toEqual([{ type: 'HealthRestored', character: 'durham-red', amount: 1, reason: 'vampirism' }]);
    expect(g.health('durham-red')).toBe(2);
    expect(g.health('giant')).toBe(2);
  });

  // "She can never have more than three health cubes."
  it('Vampirism never takes Durham Red above three health cubes', () => {
    const g = game(3);
    const events = g.send(0, { type: 'MELEE', character: 'durham-red', card: MELEE, defender: 'giant' });
    expect(vampiric(events)).toEqual([]);
    expect(g.health('durham-red')).toBe(3);
  });

  // "She can never have more than three health cubes." — from two, one cube brings her to three.
  it('Vampirism brings Durham Red from two health cubes to three', () => {
    const g = game(2);
    g.send(0, { type: 'MELEE', character: 'durham-red', card: MELEE, defender: 'giant' });
    expect(g.health('durham-red')).toBe(3);
  });

  // "takes damage from a MELEE action" — a BLOCKed MELEE deals none.
  it('Vampirism returns nothing when the enemy BLOCKs', () => {
    const g = game(1, { defenderHand: [BLOCK] });
    g.send(0, { type: 'MELEE', character: 'durham-red', card: MELEE, defender: 'giant' });
    const events = g.send(1, { type: 'DEFEND', character: 'giant', defence: 'BLOCK', card: BLOCK });
    expect(vampiric(events)).toEqual([]);
    expect(g.health('durham-red')).toBe(1);
  });

  // "from a MELEE action" — not SMASH.
  it('Vampirism does not work with SMASH', () => {
    const g = game(1, { hand: [SMASH] });
    const events = g.send(0, { type: 'SMASH', character: 'durham-red', card: SMASH, defender: 'giant' });
    expect(ofType(events, 'DamageTaken')).toHaveLength(1);
    expect(vampiric(events)).toEqual([]);
    expect(g.health('durham-red')).toBe(1);
  });

  // "Whenever an enemy character takes damage" — a killing blow is damage too.
  it('Vampirism returns a cube when Durham Red’s MELEE kills the enemy', () => {
    const g = game(1, { giant: 1 });
    const events = g.send(0, { type: 'MELEE', character: 'durham-red', card: MELEE, defender: 'giant' });
    expect(ofType(events, 'CharacterKilled')).toHaveLength(1);
    expect(g.health('durham-red')).toBe(2);
  });

  // "a MELEE action that Durham takes" — only hers.
  it('Vampirism does nothing for a MELEE by another Strontium Dog', () => {
    const card = first(wild('strontium-dogs', 'MELEE'));
    const g = game(1, { hand: [card] });
    const events = g.send(0, { type: 'MELEE', character: 'wulf', card, defender: 'giant' });
    expect(vampiric(events)).toEqual([]);
    expect(g.health('durham-red')).toBe(1);
  });
});
