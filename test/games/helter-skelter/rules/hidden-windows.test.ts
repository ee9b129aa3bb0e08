// Windows tell nothing of hands (R11 and R14). A window that asked only the seats holding
// an INTERRUPT card, or a defence that asked only defenders holding an eligible card, would tell
// every seat who holds what. So every seat whose orders say `ask` is asked whatever its hand holds,
// and only its own legal commands differ: a seat with no INTERRUPT card can only pass, a defender
// with no eligible card can only take the damage.

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { Command, Event } from '../../../../src/games/helter-skelter/types.ts';
import { board, DAN_TANNA, linked, TestGame, wild } from '../support.ts';
import { interrupts, padding, showingNoInterrupt } from './support-part1.ts';

const dt = board(DAN_TANNA);
const TEAMS: TeamId[] = ['judges', 'strontium-dogs', 'slaine'];
const CHAR = ['dredd', 'johnny-alpha', 'slaine'];
const HOME = dt.spaces.filter((s) => dt.adjacent(s).length > 0).slice(0, 3);
const isInterrupt = (card: string) => cardById(card).action === 'INTERRUPT';

/**
 * Three seats; seat 1 holds two INTERRUPT cards or none, everything else the same. Every prompt is
 * answered by the test itself: what is asked, and of whom, is what these tests are about.
 */
function table(seat1HoldsInterrupt: boolean): TestGame {
  const seats = TEAMS.map((team, i) => {
    const plain = showingNoInterrupt(team, CHAR[i]!).slice(0, 4);
    const hand = i === 1 && seat1HoldsInterrupt ? [...plain.slice(0, 2), ...interrupts(team).slice(0, 2)] : plain;
    // The same deck either way, so deck sizes match too.
    return { team, hand, deck: padding(team).filter((c) => !plain.includes(c) && !isInterrupt(c)) };
  });
  const characters = Object.fromEntries(CHAR.map((id, i) => [id, { space: HOME[i]! }]));
  return TestGame.withOthersDead({ map: DAN_TANNA, seats, characters }, { answerForced: false });
}

function move(g: TestGame, seat: number): Event[] {
  const id = CHAR[seat]!;
  const card = g.hand(seat).find((c) => !isInterrupt(c) && cardById(c).characters.includes(id))!;
  return g.send(seat, { type: 'MOVE', character: id, to: dt.adjacent(g.state.characters[id]!.space!)[0]!, cards: [card] });
}

/** Everything `reader` is shown: its view, who is awaited, its legal commands, the events so far. */
const shown = (g: TestGame, reader: number | null) =>
  JSON.stringify({
    view: helterSkelter.view(g.state, reader),
    awaiting: helterSkelter.awaiting(g.state),
    legal: reader === null ? [] : helterSkelter.legalCommands(g.state, reader),
    log: g.log.map((e) => helterSkelter.redact(e, reader)),
  });

describe('Interrupt windows ask whatever the hand holds (R11)', () => {
  it('a seat with no INTERRUPT card is asked all the same, and may only pass', () => {
    const g = table(false);
    move(g, 0);
    expect(g.situation).toMatchObject({ kind: 'interrupt', eligible: [1, 2] });
    const legal = g.legal(1).map((c) => c.type);
    expect(legal).toEqual(['PASS_INTERRUPT']);
    expect(g.refused(1, { type: 'CLAIM_INTERRUPT', card: g.hand(1)[0]! })).toBe('WRONG_SYMBOL');
  });

  it('every other seat and a spectator see exactly the same bytes whether seat 1 holds an INTERRUPT or not', () => {
    const withCard = table(true);
    const without = table(false);
    for (const g of [withCard, without]) {
      move(g, 0);
      g.send(2, { type: 'PASS_INTERRUPT' });
    }
    for (const reader of [0, 2, null]) expect(shown(withCard, reader)).toBe(shown(without, reader));
    // Only seat 1's own commands differ.
    expect(withCard.legal(1).map((c) => c.type).sort()).toEqual(['CLAIM_INTERRUPT', 'CLAIM_INTERRUPT', 'PASS_INTERRUPT']);
    expect(without.legal(1).map((c) => c.type)).toEqual(['PASS_INTERRUPT']);
    // And its pass looks the same to the others either way.
    for (const g of [withCard, without]) g.send(1, { type: 'PASS_INTERRUPT' });
    for (const reader of [0, 2, null]) expect(shown(withCard, reader)).toBe(shown(without, reader));
  });

  it('standing orders, not cards, decide who is asked: interrupt: armed is not asked', () => {
    const g = table(true);
    g.send(1, { type: 'SET_ORDERS', interrupt: 'armed' });
    move(g, 0);
    expect(g.situation).toMatchObject({ kind: 'interrupt', eligible: [1, 2] });
    expect(helterSkelter.awaiting(g.state).map((a) => a.seat)).toEqual([2]);
  });
});

describe('Defences ask whatever the hand holds (R14)', () => {
  const DEFLECT = wild('strontium-dogs', 'DEFLECT')[0]!;
  const SNIPE = linked('judges', 'SNIPE', 'dredd')[0]!;
  const PSI = linked('judges', 'PSI', 'anderson')[0]!;
  const plain = padding('strontium-dogs').filter((c) => {
    const card = cardById(c);
    return card.action !== 'DEFLECT' && card.action !== 'PSI' && card.action !== 'COVER' && !card.characters.includes('johnny-alpha');
  });

  function attacked(defenderHand: string[], attack: Command): TestGame {
    const g = TestGame.withOthersDead(
      {
        map: DAN_TANNA,
        seats: [
          { team: 'judges', hand: [SNIPE, PSI] },
          { team: 'strontium-dogs', hand: defenderHand },
        ],
        characters: { dredd: { space: HOME[0]! }, anderson: { space: HOME[0]! }, 'johnny-alpha': { space: HOME[0]! } },
      },
      { answerForced: false },
    );
    g.send(0, attack);
    return g;
  }
  const snipe: Command = { type: 'SNIPE', character: 'dredd', card: SNIPE, defender: 'johnny-alpha' };
  const psi: Command = { type: 'PSI', character: 'anderson', card: PSI, defender: 'johnny-alpha' };

  it('a defender whose owner holds no eligible card is asked, and may only take the damage', () => {
    const g = attacked(plain.slice(0, 3), snipe);
    expect(g.situation.kind).toBe('defence');
    expect(g.legalOf(1, 'DEFEND')).toEqual([]);
    expect(g.legalOf(1, 'TAKE_DAMAGE')).toEqual([{ type: 'TAKE_DAMAGE', character: 'johnny-alpha' }]);
  });

  it('the attacker sees the same bytes whether the defender could defend or not', () => {
    const could = attacked([...plain.slice(0, 2), DEFLECT], snipe);
    const couldNot = attacked(plain.slice(0, 3), snipe);
    for (const reader of [0, null]) expect(shown(could, reader)).toBe(shown(couldNot, reader));
  });

  it('against PSI with no card showing the defender’s symbol, the defender is asked and takes the damage', () => {
    const g = attacked(plain.slice(0, 3), psi);
    expect(g.situation.kind).toBe('defence');
    expect(g.legal(1).map((c) => c.type)).toEqual(['TAKE_DAMAGE']);
    const before = g.health('johnny-alpha');
    g.send(1, { type: 'TAKE_DAMAGE', character: 'johnny-alpha' });
    expect(g.health('johnny-alpha')).toBe(before - 1);
  });
});
