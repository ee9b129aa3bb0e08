// Control: "If your block counter lands on the control marker, someone in your block has informed
// on a neighbouring block and you may activate a judge unit immediately." (BW48). Seat 0's block
// stands north, seat 1's east; seat 0's block judge sits in its court.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Situation } from '../../../src/games/block-war/types.ts';
import { position, TestGame } from './support.ts';

const SCRAWLER = 's0-scrawler-1';
const JUDGE = 'street-judge-1';

/** Seat 0's scrawler scrawls in seat 1's block (+2) from fighting spirit `spirit`, control on `control`. */
function scrawlFrom(spirit: number, control: number, judge = true): TestGame {
  const placed: Record<string, string> = { [SCRAWLER]: b(1, 2, 1), 's0-juve-1': b(0, 2, 2) };
  if (judge) placed[JUDGE] = p(0, 1);
  const g = position({ placed, spirit: [spirit, 10], control });
  g.send(0, { type: 'ACTIVATE', unit: SCRAWLER });
  g.send(0, { type: 'SCRAWL', square: b(1, 2, 1) });
  return g;
}

const turn = (g: TestGame) => g.sit() as Extract<Situation, { kind: 'turn' }>;

describe('"If your block counter lands on the control marker … you may activate a judge unit immediately"', () => {
  it('BW48: landing in the middle of an activation opens the judge activation at once; then the turn goes on as it was', () => {
    const g = scrawlFrom(13, 15);
    expect(g.state.seats[0]!.spirit).toBe(15);
    expect(turn(g)).toMatchObject({ seat: 0, step: 'informant', activationsLeft: 1, activated: [], activation: null });
    expect(turn(g).resume).toMatchObject({ step: 'activate', activationsLeft: 3, activation: { unit: SCRAWLER, attacked: true } });
    expect(blockWar.legalCommands(g.state, 0).map((c) => c.type)).toEqual(['ACTIVATE', 'END_STEP']);
    g.send(0, { type: 'ACTIVATE', unit: JUDGE });
    g.send(0, { type: 'STEP', to: p(1, 1) });
    g.send(0, { type: 'END_ACTIVATION' });
    expect(turn(g)).toMatchObject({ seat: 0, step: 'activate', activationsLeft: 3, activation: { unit: SCRAWLER, attacked: true } });
    expect(turn(g).resume).toBeUndefined();
    g.send(0, { type: 'END_ACTIVATION' });
    expect(turn(g)).toMatchObject({ step: 'activate', activationsLeft: 2 });
  });

  it('"you may": the player may end the step without activating a judge', () => {
    const g = scrawlFrom(13, 15);
    g.send(0, { type: 'END_STEP' });
    expect(turn(g)).toMatchObject({ step: 'activate', activation: { unit: SCRAWLER } });
  });

  it('BW48: passing over control is not landing on it; no judge on the boards, no activation', () => {
    expect(turn(scrawlFrom(12, 15)).step).toBe('activate'); // 12 + 2 = 14
    expect(turn(scrawlFrom(14, 15)).step).toBe('activate'); // 14 + 2 = 16
    expect(turn(scrawlFrom(13, 15, false)).step).toBe('activate');
  });

  it('BW48: landing at the start of the turn (the plaza\'s 3) — the judge activation first, then the reinforcements', () => {
    // Seat 1 ends its turn: control moves on to 15 (no badge); seat 0, on 12, controls the plaza (+3).
    const g = position({
      seat: 1,
      step: 'judge',
      placed: { 's0-juve-1': b(0, 2, 2), 's0-punk-1': p(4, 3), 's1-juve-1': b(1, 2, 2), [JUDGE]: p(0, 1) },
      spirit: [12, 10],
      control: 14,
    });
    g.state.situation = { ...turn(g), activationsLeft: 1 };
    g.send(1, { type: 'END_STEP' });
    expect(g.state.control).toBe(15);
    expect(g.state.seats[0]!.spirit).toBe(15);
    expect(turn(g)).toMatchObject({ seat: 0, step: 'informant' });
    expect(turn(g).resume).toBeUndefined();
    expect(g.state.seats[0]!.drawn).toEqual([]);
    g.send(0, { type: 'END_STEP' });
    expect(g.sit()).toMatchObject({ kind: 'place-unit', seat: 0, duringSetup: false });
    expect(g.state.seats[0]!.drawn.length).toBe(3);
  });
});
