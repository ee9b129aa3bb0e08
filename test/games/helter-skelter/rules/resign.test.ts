// Resigning (issue 31; docs/rulings.md R70–R72): solo, the Dark Judges win; with two players the
// other wins; with more, the resigning seat is eliminated and the elimination rule judges, tied
// leaders playing on with what the game awaited of the resigning seat settled as its deadline would.

import { describe, expect, it } from 'vitest';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { KEYED_GENERATOR } from '../../../../src/platform/random.ts';
import { DAN_TANNA, findPair, TestGame, types } from '../support.ts';
import { assignAll, newGame, only, padding } from './support-part1.ts';

const RESIGN = { type: 'RESIGN' } as const;
const [HERE, THERE] = findPair(DAN_TANNA, (a, b, bd) => a !== b && !bd.adjacent(a).includes(b));

/** Three teams each with one figure on the board, and these fragments (points) each. */
function threeSeats(fragments: number[]): TestGame {
  const teams: TeamId[] = ['judges', 'slaine', 'strontium-dogs'];
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: teams.map((team, i) => ({ team, hand: padding(team, [], ['INTERRUPT']).slice(0, 3), deck: padding(team, [], ['INTERRUPT']).slice(3, 10), fragments: fragments[i] ?? 0 })),
    characters: { dredd: { space: HERE }, slaine: { space: THERE }, wulf: { space: THERE } },
  });
}

describe('Resigning (R70–R72)', () => {
  it('solo: resigning hands the game to the Dark Judges (R71)', () => {
    const g = new TestGame(helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }], generator: KEYED_GENERATOR, key: 'e'.repeat(64), solo: true }));
    // The Dark Judges' seat is the rules': it has no resignation (R70).
    expect(helterSkelter.anytimeCommands!(g.state, 1)).toEqual([]);
    expect(helterSkelter.anytimeCommands!(g.state, 0)).toEqual([RESIGN]);
    expect(g.refused(1, RESIGN)).toBe('PLAYED_BY_RULES');
    const events = g.send(0, RESIGN);
    expect(types(events)).toEqual(['SeatResigned', 'GameEnded']);
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [1], reason: 'resigned' });
    expect(helterSkelter.winners(g.state)).toEqual([1]);
  });

  it('two players: the other wins at once, even during set-up (R72)', () => {
    const g = newGame(DAN_TANNA, ['judges', 'slaine'], 'resign-2p');
    expect(g.situation.kind).toBe('setup');
    const events = g.send(1, RESIGN);
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'resigned' });
    expect(g.state.seats[1]!.eliminated).toBe(true);
    // Its figures left the game, and nobody scored them.
    expect(Object.values(g.state.characters).filter((c) => c.seat === 1).every((c) => c.status === 'dead')).toBe(true);
    expect(g.state.seats[0]!.kills).toEqual([]);
    expect(helterSkelter.anytimeCommands!(g.state, 0)).toEqual([]);
  });

  it('a Dark Judges seat of a multiplayer game resigns as any other: with two players, the other wins (R72)', () => {
    const g = newGame(DAN_TANNA, ['judges', 'dark-judges'], 'resign-dj');
    expect(helterSkelter.anytimeCommands!(g.state, 1)).toEqual([RESIGN]);
    expect(only(g.send(1, RESIGN), 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'resigned' });
  });

  it('more players: the remaining player with the most points wins at once (R72)', () => {
    const g = threeSeats([1, 0, 0]);
    const events = g.send(2, RESIGN);
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'resigned' });
  });

  it('tied leaders play on; a resigning actor’s turn ends as its deadline would end it, and it is asked nothing more (R72)', () => {
    const g = threeSeats([0, 0, 0]);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
    const events = g.send(0, RESIGN);
    expect(types(events).slice(0, 2), JSON.stringify(events)).toEqual(['SeatResigned', 'SeatEliminated']);
    expect(types(events), JSON.stringify(events)).toContain('TurnEnded');
    expect(types(events)).not.toContain('GameEnded');
    expect(g.state.characters['dredd']).toMatchObject({ status: 'dead', space: null });
    expect(g.state.seats[0]!.eliminated).toBe(true);
    expect(helterSkelter.isOver(g.state)).toBe(false);
    // The game goes on without it: nothing asks seat 0 again, and it cannot resign twice.
    for (let step = 0; step < 10 && !helterSkelter.isOver(g.state); step++) {
      const awaited = helterSkelter.awaiting(g.state);
      expect(awaited.map((a) => a.seat)).not.toContain(0);
      if (g.situation.kind === 'turn') break;
      g.expire();
    }
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1 });
    expect(helterSkelter.anytimeCommands!(g.state, 0)).toEqual([]);
    expect(g.refused(0, RESIGN)).toBe('ELIMINATED');
  });

  it('four players at set-up: the resigning seat’s cards are assigned as its deadline would assign them, and the others go on (R72)', () => {
    const g = newGame(DAN_TANNA, ['judges', 'slaine', 'strontium-dogs', 'nikolai-dante'], 'resign-4p');
    const events = g.send(2, RESIGN);
    expect(types(events)).toContain('StartingCardsAssigned');
    expect(ofSeat(events, 2)).toBe(true);
    expect(helterSkelter.isOver(g.state)).toBe(false);
    for (const seat of [0, 1, 3]) assignAll(g, seat);
    // The game begins with a seat still in it, and seat 2 is never asked anything.
    expect(g.situation.kind).toBe('turn');
    expect(helterSkelter.awaiting(g.state).map((a) => a.seat)).not.toContain(2);
    expect(helterSkelter.legalCommands(g.state, 2)).toEqual([]);
  });

  it('RESIGN answers no window and carries nothing else', () => {
    const g = threeSeats([0, 0, 0]);
    expect(g.refused(0, { type: 'RESIGN', windowId: 'w1' } as never)).toBe('INVALID_COMMAND');
  });
});

const ofSeat = (events: readonly { type: string; seat?: number }[], seat: number) => events.some((e) => e.type === 'StartingCardsAssigned' && e.seat === seat);
