// DEFENCES (rulebook, "Actions and Defences" and the reference card's "Defence breakdown"), and
// how a defence situation is decided (docs/architecture.md §4, the defence: "Each defender is decided
// independently by its owner … Decisions may arrive in any order; the action completes when every
// defender is decided … On expiry every undecided defender takes the damage"). Rulings: R14.

import { describe, expect, it } from 'vitest';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { Command, Defence, Snipe } from '../../../../src/games/helter-skelter/types.ts';
import { DAN_TANNA, TestGame, board, findSpace, linked, types, wild, type TestGameOptions } from '../support.ts';
import { adjacentPair, damageIn, first, ofType } from './support-part2.ts';

const COVER_SPACE = findSpace(DAN_TANNA, (s, b) => b.isCover(s));

// Johnny Alpha's seat holds one card for each defence: BLOCK (wild MELEE), DEFLECT, COVER, and
// PRECOG (a PSI linked to him).
const BLOCK = first(wild('strontium-dogs', 'MELEE'));
const DEFLECT = first(wild('strontium-dogs', 'DEFLECT'));
const COVER = first(wild('strontium-dogs', 'COVER'));
const PRECOG = first(linked('strontium-dogs', 'PSI', 'johnny-alpha'));
const ALL_DEFENCES = [BLOCK, DEFLECT, COVER, PRECOG];

// The Judges' attacks, each from the cover space Johnny stands on.
const ATTACKS: Record<string, Command> = {
  MELEE: { type: 'MELEE', character: 'giant', card: first(linked('judges', 'MELEE', 'giant')), defender: 'johnny-alpha' },
  SMASH: { type: 'SMASH', character: 'mean-machine', card: first(linked('judges', 'SMASH', 'mean-machine')), defender: 'johnny-alpha' },
  SNIPE: { type: 'SNIPE', character: 'dredd', card: first(linked('judges', 'SNIPE', 'dredd')), defender: 'johnny-alpha' },
  SHOTGUN: { type: 'SHOTGUN', character: 'giant', card: first(linked('judges', 'SHOTGUN', 'giant')), defender: 'johnny-alpha' },
  EXPLODE: { type: 'EXPLODE', character: 'dredd', card: first(linked('judges', 'EXPLODE', 'dredd')), space: COVER_SPACE },
};

function attacked(attack: string, defenderHand = ALL_DEFENCES) {
  const cmd = ATTACKS[attack]!;
  const g = TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand: [(cmd as { card: string }).card] },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: {
      giant: { space: COVER_SPACE },
      'mean-machine': { space: COVER_SPACE },
      dredd: { space: COVER_SPACE },
      'johnny-alpha': { space: COVER_SPACE },
    },
  });
  g.send(0, cmd);
  return g;
}

const defencesOffered = (g: TestGame) =>
  g
    .legalOf(1, 'DEFEND')
    .map((c) => (c as { defence: Defence }).defence)
    .sort();

describe('DEFENCES: which defence answers which attack', () => {
  // Reference card, "Defence breakdown": BLOCK against MELEE/SMASH; DEFLECT and PRECOG against
  // SNIPE/SHOTGUN/EXPLODE; COVER against SNIPE/SHOTGUN (only if on a cover space).
  it.each([
    ['MELEE', ['BLOCK']],
    ['SMASH', ['BLOCK']],
    ['SNIPE', ['COVER', 'DEFLECT', 'PRECOG']],
    ['SHOTGUN', ['COVER', 'DEFLECT', 'PRECOG']],
    ['EXPLODE', ['DEFLECT', 'PRECOG']],
  ])('%s may be answered by exactly %j', (attack, allowed) => {
    expect(defencesOffered(attacked(attack))).toEqual(allowed);
  });

  // "BLOCK … When this character is the target of a MELEE or SMASH action, make this defence"
  // (and so on for each defence): any other pairing is refused.
  it.each([
    ['MELEE', 'DEFLECT', DEFLECT],
    ['MELEE', 'PRECOG', PRECOG],
    ['MELEE', 'COVER', COVER],
    ['SMASH', 'DEFLECT', DEFLECT],
    ['SNIPE', 'BLOCK', BLOCK],
    ['SHOTGUN', 'BLOCK', BLOCK],
    ['EXPLODE', 'BLOCK', BLOCK],
    ['EXPLODE', 'COVER', COVER],
  ] as const)('%s cannot be answered by %s', (attack, defence, card) => {
    expect(attacked(attack).refused(1, { type: 'DEFEND', character: 'johnny-alpha', defence, card })).toBe('DEFENCE_NOT_ALLOWED');
  });

  // "make this defence out of turn to avoid all damage from that action"
  it.each([
    ['MELEE', 'BLOCK', BLOCK],
    ['SMASH', 'BLOCK', BLOCK],
    ['SNIPE', 'DEFLECT', DEFLECT],
    ['SHOTGUN', 'PRECOG', PRECOG],
    ['SHOTGUN', 'COVER', COVER],
    ['EXPLODE', 'DEFLECT', DEFLECT],
  ] as const)('%s is avoided entirely by %s', (attack, defence, card) => {
    const g = attacked(attack);
    const events = g.send(1, { type: 'DEFEND', character: 'johnny-alpha', defence, card });
    expect(damageIn(events)['johnny-alpha']).toBeUndefined();
    expect(g.health('johnny-alpha')).toBe(3);
    expect(g.state.seats[1]!.discard).toEqual([card]);
  });
});

describe('DEFENCES: what each costs', () => {
  // "BLOCK — Cost: 1 card with the MELEE symbol (wild or linked)"
  it('BLOCK is paid with a MELEE symbol, not another', () => {
    const g = attacked('MELEE');
    expect(g.refused(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'BLOCK', card: DEFLECT })).toBe('WRONG_SYMBOL');
  });

  // "DEFLECT — Cost: 1 card with the DEFLECT symbol (wild or linked)"
  it('DEFLECT is paid with a DEFLECT symbol, not another', () => {
    const g = attacked('SNIPE');
    expect(g.refused(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'DEFLECT', card: COVER })).toBe('WRONG_SYMBOL');
  });

  // "PRECOG — Cost: 1 card with the PSI symbol (linked)" — linked to the defender.
  it('PRECOG is paid with a PSI symbol linked to the defender, not to a teammate', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [(ATTACKS['SNIPE'] as { card: string }).card] },
        { team: 'strontium-dogs', hand: [PRECOG, DEFLECT] },
      ],
      characters: { dredd: { space: COVER_SPACE }, wulf: { space: COVER_SPACE } },
    });
    g.send(0, { ...(ATTACKS['SNIPE'] as Snipe), defender: 'wulf' });
    expect(g.refused(1, { type: 'DEFEND', character: 'wulf', defence: 'PRECOG', card: PRECOG })).toBe('WRONG_SYMBOL');
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'wulf', defence: 'DEFLECT', card: DEFLECT }]);
  });

  // "COVER — Cost: 1 card with the COVER symbol (wild or linked)"
  it('COVER is paid with a COVER symbol, not another', () => {
    const g = attacked('SNIPE');
    expect(g.refused(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'COVER', card: DEFLECT })).toBe('WRONG_SYMBOL');
  });

  // "When this character is the target of a SNIPE or SHOTGUN action and is on a cover space"
  it('COVER is refused off a cover space', () => {
    const [open, other] = adjacentPair(DAN_TANNA, (x, y) => !board(DAN_TANNA).isCover(x) && !board(DAN_TANNA).isCover(y));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [(ATTACKS['SNIPE'] as { card: string }).card] },
        { team: 'strontium-dogs', hand: [COVER, DEFLECT] },
      ],
      characters: { dredd: { space: open }, 'johnny-alpha': { space: open }, wulf: { space: other } },
    });
    g.send(0, ATTACKS['SNIPE']!);
    expect(g.refused(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'COVER', card: COVER })).toBe('NOT_ON_COVER');
  });

  // "When you discard a card to take an action or make a defence, you forfeit the chance to do
  // anything else with that card."
  it('the card paying a defence goes to the discard pile', () => {
    const g = attacked('SNIPE');
    const events = g.send(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'DEFLECT', card: DEFLECT });
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 1, cards: [DEFLECT], reason: 'DEFLECT' }]);
    expect(g.hand(1)).not.toContain(DEFLECT);
  });
});

// Three seats: Middenface (seat 0) explodes a space where Anderson and Giant (seat 1) and Lulu
// (seat 2) stand.
const EXPLODE = first(linked('strontium-dogs', 'EXPLODE', 'middenface'));
const JUDGE_DEFLECTS = wild('judges', 'DEFLECT');
const DANTE_DEFLECT = first(wild('nikolai-dante', 'DEFLECT'));
const [FROM, TARGET] = adjacentPair(DAN_TANNA);

function melee3(hands: { judges?: string[]; dante?: string[]; dogs?: string[] } = {}, options: TestGameOptions = {}) {
  const g = TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'strontium-dogs', hand: hands.dogs ?? [EXPLODE] },
      { team: 'judges', hand: hands.judges ?? [] },
      { team: 'nikolai-dante', hand: hands.dante ?? [] },
    ],
    characters: { middenface: { space: FROM }, anderson: { space: TARGET }, giant: { space: TARGET }, lulu: { space: TARGET } },
  }, options);
  const events = g.send(0, { type: 'EXPLODE', character: 'middenface', card: EXPLODE, space: TARGET });
  return { g, events };
}

const awaitedSeats = (g: TestGame) => helterSkelter.awaiting(g.state).map((a) => a.seat);

describe('DEFENCES: deciding each defender', () => {
  // docs/architecture.md §4: "Each defender is decided independently by its owner … Decisions may arrive in any
  // order" — the later seat may answer first.
  it('defenders are decided individually and in any order', () => {
    const { g } = melee3({ judges: [JUDGE_DEFLECTS[0]!], dante: [DANTE_DEFLECT] });
    expect(awaitedSeats(g)).toEqual([1, 2]);
    const first2 = g.send(2, { type: 'DEFEND', character: 'lulu', defence: 'DEFLECT', card: DANTE_DEFLECT });
    expect(ofType(first2, 'DamageTaken')).toEqual([]);
    expect(awaitedSeats(g)).toEqual([1]);
    g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! });
    expect(g.health('lulu')).toBe(3);
    expect(g.health('anderson')).toBe(3);
  });

  // "All defenders decide individually" (Hi-Ex) / "Each defender must make a DEFLECT or PRECOG
  // defence or take 1 damage" — one seat's two defenders may choose differently.
  it('two defenders of one seat may decide differently', () => {
    const { g } = melee3({ judges: JUDGE_DEFLECTS.slice(0, 2) });
    g.send(1, { type: 'TAKE_DAMAGE', character: 'giant' });
    const events = g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! });
    expect(damageIn(events)).toEqual({ giant: 1, lulu: 1 });
    expect(g.hand(1)).toEqual([JUDGE_DEFLECTS[1]]);
  });

  // "An action is only complete when all outcomes (figures moved, defences made, and damage
  // taken) have been performed in full." — no damage, and no interrupt window, until the last
  // defender is decided.
  it('no damage is dealt and no interrupt window opens until every defender is decided', () => {
    const interrupt = first(wild('nikolai-dante', 'INTERRUPT'));
    const { g } = melee3({ judges: [JUDGE_DEFLECTS[0]!], dante: [DANTE_DEFLECT, interrupt] });
    const early = g.send(1, { type: 'DEFEND', character: 'giant', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! });
    expect(types(early)).toEqual(['CardsDiscarded', 'DefenderDecided', 'DefenderDecided']);
    expect(g.situation.kind).toBe('defence');
    const last = g.send(2, { type: 'TAKE_DAMAGE', character: 'lulu' });
    // Then the window: seat 1, its hand now empty, can only pass; seat 2 holds an INTERRUPT and is awaited.
    expect(types(last)).toEqual(['DefenderDecided', 'DamageTaken', 'DamageTaken', 'InterruptWindowOpened', 'InterruptAnswered']);
    expect(ofType(last, 'InterruptWindowOpened').map((e) => e.eligible)).toEqual([[1, 2]]);
    expect(awaitedSeats(g)).toEqual([2]);
    expect(damageIn(last)).toEqual({ anderson: 1, lulu: 1 });
  });

  // R14, and the defence being decided defender by defender: an earlier defence may spend the only card. Once one
  // defender has used the seat's last DEFLECT, its other defender is still asked, and can only take the damage.
  it('a defender left without an eligible card by an earlier defence is still asked, and can only take the damage', () => {
    const { g } = melee3({ judges: [JUDGE_DEFLECTS[0]!] }, { answerForced: false });
    expect(new Set(g.legalOf(1, 'DEFEND').map((c) => (c as { character: string }).character))).toEqual(new Set(['anderson', 'giant']));
    const defended = g.send(1, { type: 'DEFEND', character: 'giant', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! });
    expect(types(defended)).toEqual(['CardsDiscarded', 'DefenderDecided']);
    expect(g.situation.kind).toBe('defence');
    expect(g.legal(1).map((c) => c.type)).toEqual(['TAKE_DAMAGE']);
    expect(g.legalOf(1, 'TAKE_DAMAGE')).toEqual([{ type: 'TAKE_DAMAGE', character: 'anderson' }]);
    g.send(2, { type: 'TAKE_DAMAGE', character: 'lulu' });
    const events = g.send(1, { type: 'TAKE_DAMAGE', character: 'anderson' });
    expect(ofType(events, 'DefenderDecided')).toEqual([{ type: 'DefenderDecided', character: 'anderson', choice: { kind: 'damage' } }]);
    expect(damageIn(events)).toEqual({ anderson: 1, lulu: 1 });
  });

  // docs/architecture.md §4: "Each defender is decided independently by its owner".
  it("a seat cannot decide another seat's defender", () => {
    const { g } = melee3({ judges: [JUDGE_DEFLECTS[0]!], dante: [DANTE_DEFLECT] });
    expect(g.refused(1, { type: 'TAKE_DAMAGE', character: 'lulu' })).toBe('NOT_YOUR_CHARACTER');
    expect(g.refused(1, { type: 'DEFEND', character: 'lulu', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! })).toBe('NOT_YOUR_CHARACTER');
  });

  // "Each defender must make a DEFLECT or PRECOG defence or take 1 damage." — once.
  it('a defender cannot be decided twice', () => {
    const { g } = melee3({ judges: JUDGE_DEFLECTS.slice(0, 2), dante: [DANTE_DEFLECT] });
    g.send(1, { type: 'TAKE_DAMAGE', character: 'anderson' });
    expect(g.refused(1, { type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! })).toBe('ALREADY_DECIDED');
  });

  // Only the characters the attack named defend.
  it('a character that is not a defender cannot defend', () => {
    const g = attacked('MELEE');
    expect(g.refused(0, { type: 'TAKE_DAMAGE', character: 'giant' })).toBe('NOT_A_DEFENDER');
  });

  // docs/architecture.md §4: "On expiry every undecided defender takes the damage." The events say
  // the deadline decided (docs/api.md: what the server did for a seat is marked as such), so the log
  // never reads it as the player's choice; a damage the player chose carries no mark.
  it('on expiry every undecided defender takes the damage, marked expired, and decided ones keep their defence', () => {
    const { g } = melee3({ judges: JUDGE_DEFLECTS.slice(0, 2), dante: [DANTE_DEFLECT] });
    const chosen = g.send(1, { type: 'DEFEND', character: 'giant', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0]! });
    expect(ofType(chosen, 'DefenderDecided')).toEqual([{ type: 'DefenderDecided', character: 'giant', choice: { kind: 'defended', defence: 'DEFLECT', card: JUDGE_DEFLECTS[0] } }]);
    const events = g.expire();
    expect(ofType(events, 'DefenderDecided')).toEqual([
      { type: 'DefenderDecided', character: 'anderson', choice: { kind: 'damage' }, expired: true },
      { type: 'DefenderDecided', character: 'lulu', choice: { kind: 'damage' }, expired: true },
    ]);
    expect(damageIn(events)).toEqual({ anderson: 1, lulu: 1 });
    expect(g.hand(1)).toEqual([JUDGE_DEFLECTS[1]]);
    expect(g.hand(2)).toEqual([DANTE_DEFLECT]);
  });

  // Only PSI asks for a discard ("The defender must discard a card with the defender's character
  // symbol"); against other attacks the answer is a defence or the damage.
  it('a PSI-style discard is refused against any attack but PSI', () => {
    const g = attacked('SNIPE', [DEFLECT, PRECOG]);
    expect(g.refused(1, { type: 'PSI_DISCARD', character: 'johnny-alpha', card: PRECOG })).toBe('DEFENCE_NOT_ALLOWED');
    expect(g.legalOf(1, 'PSI_DISCARD')).toEqual([]);
  });

  // "(so it must be wild or linked to the defending character)" — the card must be in hand.
  it('a defence naming a card not in hand is refused', () => {
    const g = attacked('SNIPE', [DEFLECT]);
    const other = first(wild('strontium-dogs', 'DEFLECT').filter((c) => c !== DEFLECT));
    expect(g.refused(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'DEFLECT', card: other })).toBe('CARD_NOT_IN_HAND');
  });
});
