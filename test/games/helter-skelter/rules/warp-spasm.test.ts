// WARP-SPASM and BERSERK (rulebook, "The Teams — Sláine"): "Whenever an enemy character takes
// damage from a MELEE or SMASH action Sláine takes, place a warp cube on his character card for
// each damage taken. Whenever there are as many (or more) warp cubes as health cubes on Sláine's
// character card, immediately replace the Sláine character card and figure with those of
// Warp-Sláine. Warp-Sláine enters play with the same health as Sláine left with." "Warp-Sláine can
// use wild or linked MELEE symbols to take the SMASH action. Warp-Sláine may never make the BLOCK
// defence." Rulings: R19, R21.

import { describe, expect, it } from 'vitest';
import type { ScenarioCharacter } from '../../../../src/games/helter-skelter/scenario.ts';
import { DAN_TANNA, TestGame, linked, showing, wild } from '../support.ts';
import { adjacentPair, first, ofType } from './support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);
const MELEE = first(linked('slaine', 'MELEE', 'slaine'));
const SMASH = first(linked('slaine', 'SMASH', 'slaine'));
const WILD_MELEE = first(wild('slaine', 'MELEE'));
const UKKO_MELEE = first(linked('slaine', 'MELEE', 'ukko'));
const BLOCK = first(wild('strontium-dogs', 'MELEE'));

function game(
  slaine: Partial<ScenarioCharacter>,
  opts: { hand?: string[]; enemyHand?: string[]; wulf?: number; activeSeat?: number; kai?: boolean } = {},
) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'slaine', hand: opts.hand ?? [MELEE, SMASH] },
      { team: 'strontium-dogs', hand: opts.enemyHand ?? [] },
    ],
    characters: {
      slaine: { space: HERE, ...slaine },
      ukko: { space: HERE },
      ...(opts.kai ? { kai: { space: HERE } } : {}),
      wulf: { space: HERE, health: opts.wulf ?? 4 },
    },
    activeSeat: opts.activeSeat ?? 0,
  });
}

describe('Warp-spasm: warp cubes', () => {
  // "Whenever an enemy character takes damage from a MELEE or SMASH action Sláine takes, place a
  // warp cube on his character card for each damage taken."
  it('Warp-spasm places one warp cube when Sláine’s MELEE deals 1 damage', () => {
    const g = game({});
    const events = g.send(0, { type: 'MELEE', character: 'slaine', card: MELEE, defender: 'wulf' });
    expect(ofType(events, 'WarpCubesPlaced')).toEqual([{ type: 'WarpCubesPlaced', character: 'slaine', count: 1 }]);
    expect(g.state.characters['slaine']!.warpCubes).toBe(1);
  });

  // "for each damage taken"
  it('Warp-spasm places two warp cubes when Sláine’s SMASH deals 2 damage', () => {
    const g = game({});
    g.send(0, { type: 'SMASH', character: 'slaine', card: SMASH, defender: 'wulf' });
    expect(g.state.characters['slaine']!.warpCubes).toBe(2);
  });

  // "for each damage taken" — only cubes actually removed count (R19).
  it('Warp-spasm counts only the damage actually taken: a SMASH on a one-cube enemy places one warp cube', () => {
    const g = game({}, { wulf: 1 });
    const events = g.send(0, { type: 'SMASH', character: 'slaine', card: SMASH, defender: 'wulf' });
    expect(ofType(events, 'DamageTaken')).toEqual([{ type: 'DamageTaken', character: 'wulf', amount: 1, from: 'slaine' }]);
    expect(g.state.characters['slaine']!.warpCubes).toBe(1);
  });

  // "Whenever an enemy character takes damage" — none when it BLOCKs.
  it('Warp-spasm places no warp cube when the enemy BLOCKs', () => {
    const g = game({}, { enemyHand: [BLOCK] });
    g.send(0, { type: 'MELEE', character: 'slaine', card: MELEE, defender: 'wulf' });
    g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: BLOCK });
    expect(g.state.characters['slaine']!.warpCubes).toBe(0);
  });

  // "a MELEE or SMASH action Sláine takes" — no one else's.
  it('Warp-spasm places no warp cube for another Sláine character’s MELEE', () => {
    const g = game({}, { hand: [UKKO_MELEE] });
    const events = g.send(0, { type: 'MELEE', character: 'ukko', card: UKKO_MELEE, defender: 'wulf' });
    expect(ofType(events, 'WarpCubesPlaced')).toEqual([]);
    expect(g.state.characters['slaine']!.warpCubes).toBe(0);
  });
});

describe('Warp-spasm: becoming Warp-Sláine', () => {
  // "Whenever there are as many (or more) warp cubes as health cubes on Sláine's character card,
  // immediately replace the Sláine character card and figure with those of Warp-Sláine.
  // Warp-Sláine enters play with the same health as Sláine left with."
  // R32: warp-spasm belongs to Sláine's card ("place a warp cube on his character card"); once he
  // is Warp-Sláine, his MELEE and SMASH place no more cubes.
  it('Warp-Sláine places no further warp cubes when his MELEE or SMASH deals damage (R32)', () => {
    const g = game({ form: 'warp-slaine', health: 2, warpCubes: 2 });
    const events = g.send(0, { type: 'MELEE', character: 'slaine', card: MELEE, defender: 'wulf' });
    expect(g.health('wulf')).toBe(3);
    expect(ofType(events, 'WarpCubesPlaced')).toEqual([]);
    expect(g.state.characters['slaine']!.warpCubes).toBe(2);
  });

  it('Sláine becomes Warp-Sláine, with the same health, when his warp cubes equal his health cubes', () => {
    const g = game({ health: 2 });
    const events = g.send(0, { type: 'SMASH', character: 'slaine', card: SMASH, defender: 'wulf' });
    expect(ofType(events, 'CharacterTransformed')).toEqual([{ type: 'CharacterTransformed', character: 'slaine', form: 'warp-slaine' }]);
    expect(g.state.characters['slaine']).toMatchObject({ form: 'warp-slaine', health: 2, space: HERE, status: 'deployed' });
  });

  // "as many (or more) warp cubes as health cubes"
  it('Sláine becomes Warp-Sláine when his warp cubes exceed his health cubes', () => {
    const g = game({ health: 1 });
    g.send(0, { type: 'SMASH', character: 'slaine', card: SMASH, defender: 'wulf' });
    expect(g.state.characters['slaine']).toMatchObject({ form: 'warp-slaine', health: 1, warpCubes: 2 });
  });

  // "as many (or more) warp cubes as health cubes" — fewer is not enough.
  it('Sláine stays himself while he has fewer warp cubes than health cubes', () => {
    const g = game({ health: 3, warpCubes: 1 });
    const events = g.send(0, { type: 'MELEE', character: 'slaine', card: MELEE, defender: 'wulf' });
    expect(ofType(events, 'CharacterTransformed')).toEqual([]);
    expect(g.state.characters['slaine']).toMatchObject({ form: 'slaine', warpCubes: 2 });
  });

  // "Whenever there are as many (or more) warp cubes as health cubes" — also when Sláine loses
  // health cubes and lives (R21).
  it('Sláine becomes Warp-Sláine when damage he takes leaves no more health cubes than warp cubes', () => {
    const enemyMelee = first(wild('strontium-dogs', 'MELEE'));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'slaine', hand: [] },
        { team: 'strontium-dogs', hand: [enemyMelee] },
      ],
      characters: { slaine: { space: HERE, health: 3, warpCubes: 2 }, wulf: { space: HERE } },
      activeSeat: 1,
    });
    const events = g.send(1, { type: 'MELEE', character: 'wulf', card: enemyMelee, defender: 'slaine' });
    expect(ofType(events, 'CharacterTransformed')).toEqual([{ type: 'CharacterTransformed', character: 'slaine', form: 'warp-slaine' }]);
    expect(g.state.characters['slaine']).toMatchObject({ form: 'warp-slaine', health: 2 });
  });
});

describe('Berserk', () => {
  // "Warp-Sláine can use wild or linked MELEE symbols to take the SMASH action."
  it('Warp-Sláine may SMASH with a wild MELEE symbol', () => {
    const g = game({ form: 'warp-slaine', health: 3 }, { hand: [WILD_MELEE] });
    const events = g.send(0, { type: 'SMASH', character: 'slaine', card: WILD_MELEE, defender: 'wulf' });
    expect(ofType(events, 'AttackDeclared')[0]!.attack).toMatchObject({ action: 'SMASH', damage: 2 });
    expect(g.health('wulf')).toBe(2);
  });

  // "wild or linked MELEE symbols" — linked to Sláine, whose symbol Warp-Sláine uses (R21).
  it('Warp-Sláine may SMASH with a MELEE symbol linked to Sláine', () => {
    const g = game({ form: 'warp-slaine', health: 3 }, { hand: [MELEE] });
    expect(g.legalOf(0, 'SMASH')).toEqual([{ type: 'SMASH', character: 'slaine', card: MELEE, defender: 'wulf' }]);
    g.send(0, { type: 'SMASH', character: 'slaine', card: MELEE, defender: 'wulf' });
    expect(g.health('wulf')).toBe(2);
  });

  // "can use wild or linked MELEE symbols" as well as, not instead of, SMASH symbols.
  it('Warp-Sláine may still SMASH with a SMASH symbol', () => {
    const g = game({ form: 'warp-slaine', health: 3 }, { hand: [SMASH] });
    g.send(0, { type: 'SMASH', character: 'slaine', card: SMASH, defender: 'wulf' });
    expect(g.health('wulf')).toBe(2);
  });

  // "wild or linked MELEE symbols" — linked to him, not to Ukko.
  it('Warp-Sláine cannot SMASH with a MELEE symbol linked to another character', () => {
    const g = game({ form: 'warp-slaine', health: 3 }, { hand: [UKKO_MELEE] });
    expect(g.refused(0, { type: 'SMASH', character: 'slaine', card: UKKO_MELEE, defender: 'wulf' })).toBe('WRONG_SYMBOL');
  });

  // Berserk is Warp-Sláine's: Sláine himself needs a SMASH symbol to SMASH.
  it('Sláine before his warp-spasm cannot SMASH with a MELEE symbol', () => {
    const g = game({}, { hand: [MELEE] });
    expect(g.refused(0, { type: 'SMASH', character: 'slaine', card: MELEE, defender: 'wulf' })).toBe('WRONG_SYMBOL');
  });

  // "Warp-Sláine may never make the BLOCK defence." With only MELEE symbols in hand he has no
  // defence against a MELEE, so taking the damage is his owner's only answer (R14).
  it('Warp-Sláine may never BLOCK', () => {
    const enemyMelee = first(wild('strontium-dogs', 'MELEE'));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'slaine', hand: [WILD_MELEE, MELEE] },
        { team: 'strontium-dogs', hand: [enemyMelee] },
      ],
      characters: { slaine: { space: HERE, form: 'warp-slaine', health: 3 }, wulf: { space: HERE } },
      activeSeat: 1,
    });
    const events = g.send(1, { type: 'MELEE', character: 'wulf', card: enemyMelee, defender: 'slaine' });
    expect(ofType(events, 'DefenderDecided')).toEqual([{ type: 'DefenderDecided', character: 'slaine', choice: { kind: 'damage' } }]);
    expect(g.health('slaine')).toBe(2);
    expect(g.hand(0)).toEqual([WILD_MELEE, MELEE]);
  });

  // Sláine himself may BLOCK: the contrast that shows the rule is Warp-Sláine's.
  it('Sláine before his warp-spasm may BLOCK', () => {
    const enemyMelee = first(wild('strontium-dogs', 'MELEE'));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'slaine', hand: [WILD_MELEE] },
        { team: 'strontium-dogs', hand: [enemyMelee] },
      ],
      characters: { slaine: { space: HERE }, wulf: { space: HERE } },
      activeSeat: 1,
    });
    g.send(1, { type: 'MELEE', character: 'wulf', card: enemyMelee, defender: 'slaine' });
    expect(g.legalOf(0, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'slaine', defence: 'BLOCK', card: WILD_MELEE }]);
  });
});

describe('Warp-Sláine’s card', () => {
  // R21: "Warp-Sláine uses Sláine's character symbol, so cards linked to Sláine pay for him."
  it('Warp-Sláine’s standard actions are paid with Sláine’s character symbol', () => {
    const card = first(showing('slaine', 'slaine').filter((c) => c !== MELEE && c !== SMASH));
    const g = game({ form: 'warp-slaine', health: 3 }, { hand: [card] });
    g.send(0, { type: 'MOVE', character: 'slaine', to: NEXT, cards: [card] });
    expect(g.state.characters['slaine']!.space).toBe(NEXT);
  });

  // R21: "Warp-Sláine's most health is his card's, 4."
  it('Warp-Sláine may be healed up to four health cubes and no further', () => {
    const heal = linked('slaine', 'HEAL', 'kai');
    const g = game({ form: 'warp-slaine', health: 3 }, { hand: heal, kai: true });
    g.send(0, { type: 'HEAL', character: 'kai', card: heal[0]!, ally: 'slaine' });
    expect(g.health('slaine')).toBe(4);
    // A second HEAL may be played (R22), but adds no fifth cube.
    g.send(0, { type: 'HEAL', character: 'kai', card: heal[1]!, ally: 'slaine' });
    expect(g.health('slaine')).toBe(4);
  });
});
