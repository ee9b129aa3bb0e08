// Dark Judges expansion, "Armour": "When a Dark Judge is attacked during any player's turn, flip the
// armour token to its vulnerable side and do not remove a health cube from its character card. If
// the armour token is already displaying its vulnerable side, deal the damage as normal. If the
// damage is from a SMASH or SHOTGUN action, flip the armour token to its vulnerable side and remove
// 1 health cube from the character card (the armour blocks only 1 damage). If you make a defence,
// the damage is avoided. Do not flip the armour token. At the end of every player's turn, flip any
// armour tokens from vulnerable to their protected side." Rulings: R42 (an interrupting turn is a
// player's turn; the end of a turn is its declared end).

import { describe, expect, it } from 'vitest';
import type { ArmourSide } from '../../../../../src/games/helter-skelter/types.ts';
import { DAN_TANNA, TestGame, linked, showing, types, wild } from '../../support.ts';
import { adjacentPair, first, ofType } from '../support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);
const GIANT_MELEE = first(linked('judges', 'MELEE', 'giant'));
const GIANT_MELEE_2 = first(linked('judges', 'MELEE', 'giant').slice(1));
const GIANT_SHOTGUN = first(linked('judges', 'SHOTGUN', 'giant'));
const MM_SMASH = first(linked('judges', 'SMASH', 'mean-machine'));
const DREDD_EXPLODE = first(linked('judges', 'EXPLODE', 'dredd'));
const ANDERSON_PSI = first(linked('judges', 'PSI', 'anderson'));
const DJ_BLOCK = first(wild('dark-judges', 'MELEE'));
const DJ_INTERRUPT = first(wild('dark-judges', 'INTERRUPT'));
const JUDGES_INTERRUPT = first(wild('judges', 'INTERRUPT'));

function game(opts: { armour?: ArmourSide; health?: number; djHand?: string[]; judgesHand?: string[] } = {}) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand: opts.judgesHand ?? [GIANT_MELEE, GIANT_SHOTGUN, MM_SMASH, DREDD_EXPLODE, ANDERSON_PSI] },
      { team: 'dark-judges', hand: opts.djHand ?? [] },
    ],
    characters: {
      giant: { space: HERE },
      'mean-machine': { space: HERE },
      dredd: { space: NEXT },
      anderson: { space: HERE },
      'judge-death': { space: HERE, health: opts.health ?? 4, ...(opts.armour ? { armour: opts.armour } : {}) },
    },
  });
}

const armourOf = (g: TestGame, id = 'judge-death') => g.state.characters[id]!.armour;

describe('Dark Judges expansion — Armour', () => {
  // "flip the armour token to its vulnerable side and do not remove a health cube"
  it('a MELEE on a protected Dark Judge flips the token to vulnerable and removes no health cube', () => {
    const g = game();
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    expect(ofType(events, 'ArmourFlipped')).toEqual([{ type: 'ArmourFlipped', character: 'judge-death', side: 'vulnerable' }]);
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.health('judge-death')).toBe(4);
    expect(armourOf(g)).toBe('vulnerable');
  });

  // "If the armour token is already displaying its vulnerable side, deal the damage as normal."
  it('a MELEE on a vulnerable Dark Judge deals its damage as normal, and the token stays vulnerable', () => {
    const g = game({ armour: 'vulnerable' });
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    expect(ofType(events, 'ArmourFlipped')).toEqual([]);
    expect(g.health('judge-death')).toBe(3);
    expect(armourOf(g)).toBe('vulnerable');
  });

  // "If the damage is from a SMASH or SHOTGUN action, flip … and remove 1 health cube (the armour blocks only 1 damage)."
  it('a SMASH on a protected Dark Judge flips the token and removes one health cube of its two', () => {
    const g = game();
    const events = g.send(0, { type: 'SMASH', character: 'mean-machine', card: MM_SMASH, defender: 'judge-death' });
    expect(types(events).filter((t) => t === 'ArmourFlipped' || t === 'DamageTaken')).toEqual(['ArmourFlipped', 'DamageTaken']);
    expect(g.health('judge-death')).toBe(3);
    expect(armourOf(g)).toBe('vulnerable');
  });

  it('a SHOTGUN on a protected Dark Judge flips the token and removes one health cube of its two', () => {
    const g = game();
    g.send(0, { type: 'SHOTGUN', character: 'giant', card: GIANT_SHOTGUN, defender: 'judge-death' });
    expect(g.health('judge-death')).toBe(3);
    expect(armourOf(g)).toBe('vulnerable');
  });

  it('a SMASH on a vulnerable Dark Judge removes both health cubes', () => {
    const g = game({ armour: 'vulnerable' });
    g.send(0, { type: 'SMASH', character: 'mean-machine', card: MM_SMASH, defender: 'judge-death' });
    expect(g.health('judge-death')).toBe(2);
  });

  // "When a Dark Judge is attacked" — any attack: EXPLODE and PSI too.
  it('an EXPLODE on a protected Dark Judge’s space flips the token and removes no cube from him', () => {
    const g = game();
    g.send(0, { type: 'EXPLODE', character: 'dredd', card: DREDD_EXPLODE, space: HERE });
    // Anderson could PRECOG with her linked PSI card: she takes the damage instead.
    const events = g.send(0, { type: 'TAKE_DAMAGE', character: 'anderson' });
    expect(ofType(events, 'ArmourFlipped').map((e) => e.character)).toEqual(['judge-death']);
    expect(g.health('judge-death')).toBe(4);
    // The Judges on the space take the damage as normal (friendly fire).
    expect(g.health('giant')).toBe(2);
  });

  it('a PSI the Dark Judge cannot answer with a discard flips a protected token and removes no cube', () => {
    const g = game();
    g.send(0, { type: 'PSI', character: 'anderson', card: ANDERSON_PSI, defender: 'judge-death' });
    expect(armourOf(g)).toBe('vulnerable');
    expect(g.health('judge-death')).toBe(4);
  });

  // "If you make a defence, the damage is avoided. Do not flip the armour token."
  it('a successful defence leaves the armour token protected', () => {
    const g = game({ djHand: [DJ_BLOCK] });
    g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    expect(g.situation.kind).toBe('defence');
    const events = g.send(1, { type: 'DEFEND', character: 'judge-death', defence: 'BLOCK', card: DJ_BLOCK });
    expect(ofType(events, 'ArmourFlipped')).toEqual([]);
    expect(armourOf(g)).toBe('protected');
    expect(g.health('judge-death')).toBe(4);
  });

  it('a PSI answered with a discard leaves the armour token protected', () => {
    const card = first(showing('dark-judges', 'judge-death').filter((c) => c !== DJ_INTERRUPT));
    const g = game({ djHand: [card] });
    g.send(0, { type: 'PSI', character: 'anderson', card: ANDERSON_PSI, defender: 'judge-death' });
    if (g.situation.kind === 'defence') g.send(1, { type: 'PSI_DISCARD', character: 'judge-death', card });
    expect(armourOf(g)).toBe('protected');
  });

  // "At the end of every player's turn, flip any armour tokens from vulnerable to their protected side."
  it('at the end of the attacker’s turn every vulnerable token turns protected again', () => {
    const g = game();
    g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    const events = g.send(0, { type: 'END_TURN' });
    const t = types(events);
    expect(t.indexOf('ArmourFlipped')).toBe(t.indexOf('TurnEnded') + 1);
    expect(ofType(events, 'ArmourFlipped')).toEqual([{ type: 'ArmourFlipped', character: 'judge-death', side: 'protected' }]);
    expect(armourOf(g)).toBe('protected');
  });

  // R42: an interrupting turn is a player's turn, so its end turns every token protected too.
  it('the end of an interrupting turn turns the tokens protected, before play returns to the active player (R42)', () => {
    const g = game({ djHand: [DJ_INTERRUPT], judgesHand: [GIANT_MELEE, GIANT_MELEE_2] });
    g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    expect(armourOf(g)).toBe('vulnerable');
    // The Dark Judges INTERRUPT after the MELEE and end their interrupting turn at once.
    g.send(1, { type: 'CLAIM_INTERRUPT', card: DJ_INTERRUPT });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: true });
    const events = g.send(1, { type: 'END_TURN' });
    expect(ofType(events, 'ArmourFlipped')).toEqual([{ type: 'ArmourFlipped', character: 'judge-death', side: 'protected' }]);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
    // The active player's next MELEE meets a protected token again.
    g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE_2, defender: 'judge-death' });
    expect(g.health('judge-death')).toBe(4);
  });

  it('a turn in which no token was flipped ends without an ArmourFlipped event', () => {
    const g = game({ judgesHand: [JUDGES_INTERRUPT] });
    expect(ofType(g.send(0, { type: 'END_TURN' }), 'ArmourFlipped')).toEqual([]);
  });
});
