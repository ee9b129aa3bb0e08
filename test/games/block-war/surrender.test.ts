// Surrender and the last block fighting (Block War, "Game Over, Creep!"): "If there is only one
// fighting block left in the game, it is the winner. Block's automatically surrender when there are
// no fighting units left in their block at the start of their turn (ignore plaza units), or if there
// are more enemy units than friendly units or a block may surrender at any point in the game if the
// player chooses."

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { position, TestGame } from './support.ts';

const surrendered = (log: readonly Event[]) => log.filter((e) => e.type === 'BlockSurrendered');

/** The last seat ends its turn, so seat 0's turn begins with the units as placed (the others keep a punk at home). */
function startOfSeat0(placed: Record<string, string>, players = 2) {
  const last = players - 1;
  const home: Record<string, string> = {};
  for (let seat = 1; seat < players; seat++) home[`s${seat}-punk-1`] = b(seat, 5, 0);
  const g = position({ players, seat: last, placed: { ...home, ...placed } });
  while (g.sit().kind === 'turn' && g.awaited() === last) g.send(last, { type: 'END_STEP' });
  return g;
}

describe('automatic surrender, at the start of the block’s turn (BW34)', () => {
  it('"no fighting units left in their block at the start of their turn (ignore plaza units)"', () => {
    const g = startOfSeat0({ 's0-juve-1': p(3, 3), 's0-robo-doc': b(0, 3, 4) });
    expect(surrendered(g.log)).toEqual([{ type: 'BlockSurrendered', seat: 0, reason: 'no-fighting-units' }]);
    // Its own units surrender with it and are discarded (BW35); in a 2-player game the other block is the last fighting.
    expect(g.unit('s0-juve-1').square).toBeNull();
    expect(g.log.at(-1)).toEqual({ type: 'GameEnded', winners: [1], reason: 'last-block-fighting' });
  });

  it('"or if there are more enemy units than friendly units": other blocks’ units and judges in the block count; independent units do not', () => {
    const outnumbered = startOfSeat0({ 's0-juve-1': b(0, 5, 0), 's1-juve-1': b(0, 6, 0), 'block-judge-red': b(0, 6, 2) });
    expect(surrendered(outnumbered.log)).toEqual([{ type: 'BlockSurrendered', seat: 0, reason: 'outnumbered' }]);
    const even = startOfSeat0({ 's0-juve-1': b(0, 5, 0), 's1-juve-1': b(0, 6, 0), 's0-robo-doc': b(0, 3, 4), 's0-robo-janitor': b(0, 1, 0) });
    expect(surrendered(even.log)).toEqual([]);
    expect(even.sit()).toMatchObject({ seat: 0 });
    // A wounded enemy does not count.
    const g = position({ seat: 1, placed: { 's1-punk-1': b(1, 5, 0), 's0-juve-1': b(0, 5, 0), 's1-juve-1': b(0, 6, 0), 'block-judge-red': b(0, 6, 2) } });
    g.state.units['block-judge-red']!.wounded = true;
    while (g.sit().kind === 'turn' && g.awaited() === 1) g.send(1, { type: 'END_STEP' });
    expect(surrendered(g.log)).toEqual([]);
  });

  it('BW34: the block\'s own block judge, a Justice Dept. unit ("The Block Judge has been assigned to the building"), counts as an enemy; its own robo-doc and robo-janitor count for neither side', () => {
    const judgeAlone = startOfSeat0({ 's0-juve-1': b(0, 5, 0), 'block-judge-red': b(0, 6, 2) });
    expect(surrendered(judgeAlone.log)).toEqual([]); // one against one is not "more enemy units than friendly units"
    const twoJudges = startOfSeat0({ 's0-juve-1': b(0, 5, 0), 'block-judge-red': b(0, 6, 2), 'street-judge-1': b(0, 7, 2) });
    expect(surrendered(twoJudges.log)).toEqual([{ type: 'BlockSurrendered', seat: 0, reason: 'outnumbered' }]);
    const staff = startOfSeat0({ 's0-juve-1': b(0, 5, 0), 'block-judge-red': b(0, 6, 2), 's0-robo-doc': b(0, 3, 4), 's0-robo-janitor': b(0, 1, 0) });
    expect(surrendered(staff.log)).toEqual([]);
  });

  it('with three blocks, the surrendered block’s turns are passed over and the game goes on', () => {
    const g = startOfSeat0({ 's0-juve-1': p(3, 3) }, 3);
    expect(surrendered(g.log)).toHaveLength(1);
    expect(blockWar.isOver(g.state)).toBe(false);
    expect(g.state.seats[0]!.surrendered).toBe(true);
    // Seat 0's turn is gone: seat 1's begins (with its reinforcements).
    expect(g.sit()).toMatchObject({ seat: 1 });
    expect(g.log.filter((e) => e.type === 'TurnPassed').slice(-2)).toEqual([
      { type: 'TurnPassed', from: 2, to: 0 },
      { type: 'TurnPassed', from: 0, to: 1 },
    ]);
  });
});

describe('surrender by choice: "a block may surrender at any point in the game if the player chooses" (BW36)', () => {
  it('a seat not awaited may send it; the turn in progress goes on', () => {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0), 's2-punk-1': b(2, 5, 0) } });
    expect(blockWar.legalCommands(g.state, 2)).toEqual([]);
    expect(blockWar.anytimeCommands!(g.state, 2)).toEqual([{ type: 'SURRENDER' }]);
    g.send(2, { type: 'SURRENDER' });
    expect(g.log).toEqual([{ type: 'BlockSurrendered', seat: 2, reason: 'chose' }, { type: 'UnitRemoved', unit: 's2-punk-1' }]);
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0 });
    expect(g.refused(2, { type: 'SURRENDER' })).toBe('ALREADY_SURRENDERED');
    expect(blockWar.anytimeCommands!(g.state, 2)).toEqual([]);
    g.send(0, { type: 'END_STEP' });
    expect(g.sit()).toMatchObject({ seat: 1 });
    g.playWhile((s) => !(s.situation.kind === 'turn' && s.situation.seat === 1));
    g.send(1, { type: 'END_STEP' });
    while (g.sit().kind === 'turn' && g.awaited() === 1) g.send(1, { type: 'END_STEP' });
    // Seat 2 is passed over.
    expect(g.log.filter((e) => e.type === 'TurnPassed').at(-1)).toEqual({ type: 'TurnPassed', from: 1, to: 0 });
  });

  it('the player whose turn it is may surrender: the turn passes on at once, control does not move', () => {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0), 's2-punk-1': b(2, 5, 0) }, control: 7 });
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    g.send(0, { type: 'SURRENDER' });
    expect(g.state.control).toBe(7);
    expect(g.sit()).toMatchObject({ seat: 1 });
    expect(g.unit('s0-juve-1').square).toBeNull();
  });

  it('not during set-up, and not once the game is over', () => {
    const g = TestGame.create(2);
    expect(blockWar.anytimeCommands!(g.state, 0)).toEqual([]);
    expect(g.refused(0, { type: 'SURRENDER' })).toBe('NOT_YET');
    const two = position({ placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0) } });
    two.send(1, { type: 'SURRENDER' });
    expect(two.log.at(-1)).toEqual({ type: 'GameEnded', winners: [0], reason: 'last-block-fighting' });
    expect(two.refused(0, { type: 'SURRENDER' })).toBe('GAME_OVER');
  });

  it('a surrendered block cannot win at control 100 (BW35)', () => {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0), 's2-punk-1': b(2, 5, 0) }, control: 99, spirit: [30, 20, 60] });
    g.send(2, { type: 'SURRENDER' });
    g.send(0, { type: 'END_STEP' });
    expect(g.log.at(-1)).toEqual({ type: 'GameEnded', winners: [0], reason: 'control-reached-100' });
  });
});

describe('surrenders at any moment of random games', () => {
  it('whatever the moment (a turn, judges to place, a target to choose), the game goes on with someone awaited, or ends with the last block', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 24; k++) {
      const players = 2 + (k % 3);
      const g = TestGame.create(players, k.toString(16).padStart(64, '0'));
      g.playSetup();
      for (let i = 0; i < 4000 && !blockWar.isOver(g.state); i++) {
        const anytime = g.state.seats.flatMap((_, seat) => (blockWar.anytimeCommands!(g.state, seat).length > 0 ? [seat] : []));
        // Now and then a seat gives up: the awaited one or another, in whatever situation is open.
        if (i % 97 === 96 && anytime.length > 0) {
          const seat = anytime[(i + k) % anytime.length]!;
          seen.add(`${g.sit().kind}:${blockWar.awaiting(g.state).some((a) => a.seat === seat) ? 'awaited' : 'not awaited'}`);
          g.send(seat, { type: 'SURRENDER' });
          continue;
        }
        const seat = g.awaited();
        const legal = blockWar.legalCommands(g.state, seat);
        expect(legal.length).toBeGreaterThan(0);
        g.send(seat, legal[(i * 7 + k) % legal.length]!);
      }
      expect(blockWar.isOver(g.state)).toBe(true);
      const fightingAtEnd = g.state.seats.filter((s) => !s.surrendered).length;
      const end = g.log.at(-1) as Extract<Event, { type: 'GameEnded' }>;
      if (end.reason === 'last-block-fighting') expect(fightingAtEnd).toBe(1);
      for (const w of end.winners) expect(g.state.seats[w]!.surrendered).toBe(false);
    }
    expect(seen.size).toBeGreaterThan(2);
  }, 60_000);
});
