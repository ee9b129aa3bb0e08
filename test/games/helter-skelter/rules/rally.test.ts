// RALLY (rulebook, "Combat actions"): "Cost: 1 card with the RALLY symbol (linked). Choose a
// character in your team on the same or an adjacent space to be the ally. The character taking
// the action and the ally may take a MOVE or CLIMB action. You may choose to just move the ally.
// For each character taking the CLIMB action, you must discard an additional card. The card must
// have that character's symbol or the RALLY symbol linked to either character. This counts as a
// single action for the purposes of the INTERRUPT action." Rulings: R24.

import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { RallyMove } from '../../../../src/games/helter-skelter/types.ts';
import { GRAND_HALL, TestGame, board, findPair, findSpace, linked, showing, types, wild } from '../support.ts';
import { first, ofType, walledNeighbours } from './support-part2.ts';

const bd = board(GRAND_HALL);
const [RALLY, SECOND_RALLY] = linked('judges', 'RALLY', 'hershey') as [string, string];
/** A normal-ground space with both a normal-ground and a high-ground neighbour. */
const LOW = findSpace(GRAND_HALL, (s, b) => !b.isHighGround(s) && b.adjacent(s).some((t) => b.isHighGround(t)) && b.adjacent(s).filter((t) => !b.isHighGround(t)).length >= 2);
const HIGH = bd.adjacent(LOW).find((t) => bd.isHighGround(t))!;
const [FLAT, FLAT2] = bd.adjacent(LOW).filter((t) => !bd.isHighGround(t)) as [SpaceId, SpaceId];
/** Cards showing Giant's symbol that are not RALLY cards. */
const GIANT_CARD = first(showing('judges', 'giant').filter((c) => cardById(c).action !== 'RALLY' && cardById(c).action !== 'INTERRUPT'));
/** A card showing Hershey's symbol, not Giant's, and not a RALLY. */
const HERSHEY_ONLY = first(
  showing('judges', 'hershey').filter((c) => !cardById(c).characters.includes('giant') && cardById(c).action !== 'RALLY' && cardById(c).action !== 'INTERRUPT'),
);
const HERSHEY_CARD = first(showing('judges', 'hershey').filter((c) => c !== RALLY && c !== SECOND_RALLY && cardById(c).action !== 'INTERRUPT'));

function game(positions: Record<string, SpaceId>, hand: string[] = [RALLY], enemyHand: string[] = []) {
  return TestGame.withOthersDead({
    map: GRAND_HALL,
    seats: [
      { team: 'judges', hand },
      { team: 'strontium-dogs', hand: enemyHand },
    ],
    characters: Object.fromEntries(Object.entries(positions).map(([id, space]) => [id, { space }])),
  });
}

const rally = (ally: string, moves: RallyMove[], card = RALLY) => ({ type: 'RALLY', character: 'hershey', card, ally, moves }) as const;
const step = (character: string, to: SpaceId, climbCard: string | null = null): RallyMove => ({ character, to, climbCard });
const somewhereElse = (s: SpaceId) => findSpace(GRAND_HALL, (t, b) => t !== s && b.distance(s, t) >= 2);

describe('RALLY: who moves', () => {
  // "The character taking the action and the ally may take a MOVE or CLIMB action."
  it('RALLY lets the character and an ally on the same space each MOVE, for one card', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) });
    const events = g.send(0, rally('giant', [step('hershey', FLAT), step('giant', FLAT2)]));
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 0, cards: [RALLY], reason: 'RALLY' }]);
    expect(ofType(events, 'CharacterMoved')).toEqual([
      { type: 'CharacterMoved', character: 'hershey', from: LOW, to: FLAT },
      { type: 'CharacterMoved', character: 'giant', from: LOW, to: FLAT2 },
    ]);
  });

  // "Choose a character in your team on the same or an adjacent space to be the ally."
  it('RALLY may choose an ally on an adjacent space', () => {
    const g = game({ hershey: LOW, giant: FLAT, wulf: somewhereElse(LOW) });
    g.send(0, rally('giant', [step('giant', LOW)]));
    expect(g.state.characters['giant']!.space).toBe(LOW);
  });

  // "on the same or an adjacent space"
  it('RALLY cannot choose an ally two spaces away', () => {
    const [a, b] = findPair(GRAND_HALL, (x, y, brd) => brd.distance(x, y) === 2 && !brd.isHighGround(x) && !brd.isHighGround(y));
    const to = bd.adjacent(b).find((t) => !bd.isHighGround(t))!;
    const g = game({ hershey: a, giant: b, wulf: somewhereElse(a) });
    expect(g.refused(0, rally('giant', [step('giant', to)]))).toBe('NOT_ADJACENT');
    expect(g.legalOf(0, 'RALLY')).toEqual([]);
  });

  // "Choose a character in your team … to be the ally." HEAL adds "You can choose the character
  // taking the action"; RALLY does not, so the ally is someone else (R24).
  it('RALLY cannot choose the rallying character as its own ally', () => {
    const g = game({ hershey: LOW, wulf: somewhereElse(LOW) });
    expect(g.refused(0, rally('hershey', [step('hershey', FLAT)]))).toBe('NOT_AN_ALLY');
    expect(g.legalOf(0, 'RALLY')).toEqual([]);
  });

  // "Choose a character in your team"
  it('RALLY cannot choose an enemy as the ally', () => {
    const g = game({ hershey: LOW, wulf: LOW });
    expect(g.refused(0, rally('wulf', [step('wulf', FLAT)]))).toBe('NOT_AN_ALLY');
  });

  // "You may choose to just move the ally."
  it('RALLY may move just the ally', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) });
    const events = g.send(0, rally('giant', [step('giant', FLAT)]));
    expect(ofType(events, 'CharacterMoved')).toEqual([{ type: 'CharacterMoved', character: 'giant', from: LOW, to: FLAT }]);
    expect(g.state.characters['hershey']!.space).toBe(LOW);
  });

  // "The character taking the action and the ally may take a MOVE or CLIMB action." — each "may",
  // so the character alone may move too (R24).
  it('RALLY may move just the rallying character', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) });
    g.send(0, rally('giant', [step('hershey', FLAT)]));
    expect([g.state.characters['hershey']!.space, g.state.characters['giant']!.space]).toEqual([FLAT, LOW]);
  });

  // R24: "at least one of them must move."
  // "The character taking the action and the ally may take a MOVE or CLIMB action": both may
  // decline. The card is spent and nothing else happens (R24).
  it('RALLY in which nobody moves may be played: the card is spent, nobody moves (R24)', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) });
    expect(g.legalOf(0, 'RALLY')).toContainEqual(expect.objectContaining({ ally: 'giant', moves: [] }));
    const events = g.send(0, rally('giant', []));
    expect(types(events)).not.toContain('CharacterMoved');
    expect(g.state.characters['giant']!.space).toBe(LOW);
    expect(g.state.characters['hershey']!.space).toBe(LOW);
  });

  // "may take a MOVE or CLIMB action" — one each, to an adjacent space.
  it('RALLY moves each character at most once, one space', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) });
    const beyond = bd.adjacent(FLAT).find((t) => t !== LOW && !bd.adjacent(LOW).includes(t) && !bd.isHighGround(t))!;
    expect(g.refused(0, rally('giant', [step('giant', beyond)]))).toBe('NOT_ADJACENT');
    expect(g.refused(0, rally('giant', [step('giant', FLAT), step('giant', FLAT2)]))).toBe('DUPLICATE_MOVE');
  });

  // "The character taking the action and the ally" — nobody else.
  it('RALLY cannot move a third character', () => {
    const g = game({ hershey: LOW, giant: LOW, dredd: LOW, wulf: somewhereElse(LOW) });
    expect(g.refused(0, rally('giant', [step('dredd', FLAT)]))).toBe('NOT_AN_ALLY');
  });

  // A MOVE within a RALLY is a MOVE: "You cannot MOVE through walls".
  it('RALLY cannot move a character through a wall', () => {
    const [a, b] = walledNeighbours(GRAND_HALL);
    const g = game({ hershey: a, giant: a, wulf: somewhereElse(a) });
    expect(g.refused(0, rally('giant', [step('giant', b)]))).toBe('NOT_ADJACENT');
  });
});

describe('RALLY: paying for a CLIMB', () => {
  // "For each character taking the CLIMB action, you must discard an additional card. The card
  // must have that character's symbol"
  it("RALLY pays a CLIMB with one more card showing the climber's symbol", () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, GIANT_CARD]);
    const events = g.send(0, rally('giant', [step('giant', HIGH, GIANT_CARD)]));
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 0, cards: [RALLY, GIANT_CARD], reason: 'RALLY' }]);
    expect(g.state.characters['giant']!.space).toBe(HIGH);
  });

  // "or the RALLY symbol linked to either character"
  it('RALLY pays a CLIMB with a second RALLY symbol linked to the rallying character', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, SECOND_RALLY]);
    g.send(0, rally('giant', [step('giant', HIGH, SECOND_RALLY)]));
    expect(g.state.characters['giant']!.space).toBe(HIGH);
    expect(g.hand(0)).toEqual([]);
  });

  // "The card must have that character's symbol" — the climber's, not the rallying character's.
  it("RALLY refuses a CLIMB card showing only the other character's symbol", () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, HERSHEY_ONLY]);
    expect(g.refused(0, rally('giant', [step('giant', HIGH, HERSHEY_ONLY)]))).toBe('WRONG_SYMBOL');
    expect(g.legalOf(0, 'RALLY').some((c) => (c as { moves: RallyMove[] }).moves.some((m) => m.character === 'giant' && m.to === HIGH))).toBe(false);
  });

  // "For each character taking the CLIMB action, you must discard an additional card."
  it('RALLY refuses a CLIMB without the additional card', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, GIANT_CARD]);
    expect(g.refused(0, rally('giant', [step('giant', HIGH)]))).toBe('CLIMB_CARD_REQUIRED');
  });

  // Only a CLIMB costs more: a MOVE within a RALLY is paid for by the RALLY card.
  it('RALLY takes no additional card for a MOVE', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, GIANT_CARD]);
    expect(g.refused(0, rally('giant', [step('giant', FLAT, GIANT_CARD)]))).toBe('NO_CLIMB');
  });

  // "For each character taking the CLIMB action" — two climbers, two extra cards.
  it('RALLY with both characters climbing costs two additional cards', () => {
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, GIANT_CARD, HERSHEY_CARD]);
    const events = g.send(0, rally('giant', [step('hershey', HIGH, HERSHEY_CARD), step('giant', HIGH, GIANT_CARD)]));
    expect(ofType(events, 'CardsDiscarded')[0]!.cards).toEqual([RALLY, HERSHEY_CARD, GIANT_CARD]);
    expect([g.state.characters['hershey']!.space, g.state.characters['giant']!.space]).toEqual([HIGH, HIGH]);
  });

  // "For each character taking the CLIMB action, you must discard an additional card." — one card
  // each: neither the RALLY card itself nor one card for both climbers.
  it('RALLY needs a separate additional card for each CLIMB', () => {
    const both = first(showing('judges', 'giant').filter((c) => cardById(c).characters.includes('hershey') && cardById(c).action !== 'INTERRUPT'));
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY, both]);
    expect(g.refused(0, rally('giant', [step('hershey', HIGH, both), step('giant', HIGH, both)]))).toBe('DUPLICATE_CARD');
    expect(g.refused(0, rally('giant', [step('hershey', HIGH, RALLY)]))).toBe('DUPLICATE_CARD');
  });

  // "If you're moving from high ground, use the MOVE action instead." — no extra card from there.
  it('RALLY from high ground onto high ground is a MOVE and costs no additional card', () => {
    const [h1, h2] = findPair(GRAND_HALL, (x, y, b) => b.isHighGround(x) && b.isHighGround(y) && b.adjacent(x).includes(y));
    const g = game({ hershey: h1, giant: h1, wulf: somewhereElse(h1) });
    g.send(0, rally('giant', [step('giant', h2)]));
    expect(g.state.characters['giant']!.space).toBe(h2);
  });
});

describe('RALLY and INTERRUPT', () => {
  // "This counts as a single action for the purposes of the INTERRUPT action." docs/architecture.md §4: "a whole
  // RALLY counts as one action" — one window, after both characters have moved.
  it('RALLY opens exactly one interrupt window, after both characters have moved', () => {
    const interrupt = first(wild('strontium-dogs', 'INTERRUPT'));
    const g = game({ hershey: LOW, giant: LOW, wulf: somewhereElse(LOW) }, [RALLY], [interrupt]);
    const events = g.send(0, rally('giant', [step('hershey', FLAT), step('giant', FLAT2)]));
    expect(types(events)).toEqual(['CardsDiscarded', 'ActionTaken', 'CharacterMoved', 'CharacterMoved', 'InterruptWindowOpened']);
    expect(g.situation).toMatchObject({ kind: 'interrupt', actedSeat: 0, after: 'action', eligible: [1] });
  });
});
