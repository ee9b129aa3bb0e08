// PSI (rulebook, "Combat actions"): "Cost: 1 card with the PSI symbol (linked). Choose an enemy
// character in line of sight to be the defender. The defender must discard a card with the
// defender's character symbol. If they are unable to do so, the defender takes 1 damage."

import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import { DAN_TANNA, TestGame, findPair, findSpace, linked, showing, wild } from '../support.ts';
import { damageIn, first, harmless, ofType } from './support-part2.ts';

const PSI = first(linked('judges', 'PSI', 'anderson'));
const [SOURCE, TARGET] = findPair(DAN_TANNA, (x, y, board) => x !== y && board.hasLineOfSight(x, y));
/** Cards showing Wulf's character symbol (any action symbol). */
const WULF_CARDS = showing('strontium-dogs', 'wulf');

function game(defenderHand: string[], target: SpaceId = TARGET, source: SpaceId = SOURCE) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand: [PSI] },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: { anderson: { space: source }, wulf: { space: target }, gronk: { space: target } },
  });
}

const psi = { type: 'PSI', character: 'anderson', card: PSI, defender: 'wulf' } as const;

describe('PSI', () => {
  // "Choose an enemy character in line of sight to be the defender."
  it('PSI cannot target an enemy out of line of sight', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => !board.hasLineOfSight(x, y));
    const g = game([], b, a);
    expect(g.refused(0, psi)).toBe('NO_LINE_OF_SIGHT');
    expect(g.legalOf(0, 'PSI')).toEqual([]);
  });

  // "You always have line of sight to the space you are in."
  it('PSI can target an enemy on the same space, even a cover space', () => {
    const cover = findSpace(DAN_TANNA, (s, board) => board.isCover(s));
    expect(damageIn(game([], cover, cover).send(0, psi))).toEqual({ wulf: 1 });
  });

  // "If they are unable to do so, the defender takes 1 damage."
  it('PSI deals 1 damage when the defender’s owner holds no card with its character symbol: the damage is its only answer (R14, R15)', () => {
    const g = game(harmless('strontium-dogs', 3, ['wulf']));
    const events = g.send(0, psi);
    expect(ofType(events, 'AttackDeclared')[0]).toMatchObject({ attack: { action: 'PSI', damage: 1 }, defenders: ['wulf'] });
    expect(damageIn(events)).toEqual({ wulf: 1 });
    expect(g.hand(1)).toHaveLength(3);
  });

  // "The defender must discard a card with the defender's character symbol."
  it('PSI is answered by discarding a card with the defender’s character symbol, and no damage is taken', () => {
    const card = first(WULF_CARDS);
    const g = game([card]);
    g.send(0, psi);
    expect(g.situation.kind).toBe('defence');
    const events = g.send(1, { type: 'PSI_DISCARD', character: 'wulf', card });
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 1, cards: [card], reason: 'PSI' }]);
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.health('wulf')).toBe(4);
  });

  // "The defender must discard a card with the defender's character symbol." — compulsory when
  // possible (R15).
  it('PSI refuses taking the damage while a card with the defender’s symbol is held', () => {
    const g = game([first(WULF_CARDS)]);
    g.send(0, psi);
    expect(g.refused(1, { type: 'TAKE_DAMAGE', character: 'wulf' })).toBe('MUST_DISCARD');
    expect(g.legalOf(1, 'TAKE_DAMAGE')).toEqual([]);
  });

  // "a card with the defender's character symbol" — the owner chooses which (R15).
  it('PSI lets the owner choose which card with the defender’s symbol to discard', () => {
    const [one, two] = WULF_CARDS;
    const other = first(harmless('strontium-dogs', 1, ['wulf']));
    const g = game([one!, other, two!]);
    g.send(0, psi);
    expect(g.legalOf(1, 'PSI_DISCARD')).toEqual([
      { type: 'PSI_DISCARD', character: 'wulf', card: one },
      { type: 'PSI_DISCARD', character: 'wulf', card: two },
    ]);
    g.send(1, { type: 'PSI_DISCARD', character: 'wulf', card: two! });
    expect(g.hand(1)).toEqual([one, other]);
  });

  // "a card with the defender's character symbol" — the defender's, not a teammate's.
  it('PSI refuses a discard without the defender’s character symbol', () => {
    const gronkOnly = first(showing('strontium-dogs', 'gronk').filter((c) => !cardById(c).characters.includes('wulf')));
    const g = game([first(WULF_CARDS), gronkOnly]);
    g.send(0, psi);
    expect(g.refused(1, { type: 'PSI_DISCARD', character: 'wulf', card: gronkOnly })).toBe('WRONG_SYMBOL');
  });

  // "a card with the defender's character symbol": a card showing a teammate's symbol only does
  // not save the defender.
  it('PSI deals 1 damage when the owner holds cards showing only other characters’ symbols', () => {
    const gronkOnly = showing('strontium-dogs', 'gronk').filter((c) => !cardById(c).characters.includes('wulf'));
    expect(damageIn(game(gronkOnly.slice(0, 3)).send(0, psi))).toEqual({ wulf: 1 });
  });

  // PSI allows no DEFLECT, PRECOG, COVER or BLOCK: only the discard (reference card: "discard a
  // card with character symbol if possible. Otherwise, take 1 damage").
  it('PSI cannot be answered with a defence', () => {
    const deflect = first(wild('strontium-dogs', 'DEFLECT'));
    const g = game([first(WULF_CARDS), deflect]);
    g.send(0, psi);
    expect(g.refused(1, { type: 'DEFEND', character: 'wulf', defence: 'DEFLECT', card: deflect })).toBe('DEFENCE_NOT_ALLOWED');
    expect(g.legalOf(1, 'DEFEND')).toEqual([]);
  });

  // Defence deadline (docs/architecture.md §4): "PSI: the first eligible card in hand order is discarded" (R15).
  it('PSI, on expiry of the defence window, discards the first card in hand with the defender’s symbol', () => {
    const [one, two] = WULF_CARDS;
    const other = first(harmless('strontium-dogs', 1, ['wulf']));
    const g = game([other, two!, one!]);
    g.send(0, psi);
    const events = g.expire();
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 1, cards: [two], reason: 'PSI' }]);
    // The log says the deadline discarded it, not the player.
    expect(ofType(events, 'DefenderDecided')).toEqual([{ type: 'DefenderDecided', character: 'wulf', choice: { kind: 'discarded', card: two }, expired: true }]);
    expect(ofType(events, 'DamageTaken')).toEqual([]);
  });

  // "Cost: 1 card with the PSI symbol (linked)"
  it("PSI cannot be paid with another character's linked PSI", () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [PSI] },
        { team: 'strontium-dogs', hand: [] },
      ],
      characters: { dredd: { space: TARGET }, wulf: { space: TARGET } },
    });
    expect(g.refused(0, { ...psi, character: 'dredd' })).toBe('WRONG_SYMBOL');
  });
});
