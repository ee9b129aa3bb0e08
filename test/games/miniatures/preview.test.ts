// The preview: a command answered without changing anything — legal or why not, the path's length
// and allowance, a shot's range, line of sight, cover and odds — always agreeing with decide.

import { describe, expect, it } from 'vitest';
import { miniatures, preview } from '../../../src/games/miniatures/index.ts';
import { shotOdds } from '../../../src/games/miniatures/preview.ts';
import { keyedRng, nextInt, type KeyedRng } from '../../../src/platform/random.ts';
import type { Command } from '../../../src/games/miniatures/types.ts';
import { keyN, position, rekeyed, rolls, TestGame } from './support.ts';

const p = (x: number, y: number) => ({ x, y });

describe('preview', () => {
  const g = () => position({ 'judge-1': p(2300, 2250), 'judge-2': p(1000, 2250), 'punk-1': p(2300, 1010), 'big-barko': p(1000, 300) });

  it('a shot: range, line of sight, cover and the words, as the engine will measure them', () => {
    const before = JSON.stringify(g().state);
    const answer = preview(g().state, 0, { type: 'SHOOT', model: 'judge-1', target: 'punk-1' });
    expect(JSON.stringify(g().state)).toBe(before);
    expect(answer).toMatchObject({ legal: true, problem: null, shot: { range: 1140, lineOfSight: true, cover: 'none', words: 'Judge Rico to Punk 1: 11.4 in, in range of the Lawgiver, no cover' } });
  });
  it('the odds are exact: two Lawgiver dice + 1 against a punk\'s die + 0 hit at least once 71.5% of the time', () => {
    expect(shotOdds(2, 1, 0, -1).hitChance).toBeCloseTo(0.715, 12);
    let hit = 0;
    const N = 1500;
    for (let k = 1; k <= N; k++) {
      const events = rekeyed(g(), k).send(0, { type: 'SHOOT', model: 'judge-1', target: 'punk-1' });
      if (rolls(events, 'armour').length > 0) hit++;
    }
    expect(Math.abs(hit / N - 0.715)).toBeLessThan(0.04);
  });
  it('odds against armour: a Street Judge (Armour 5) loses a Hit to a handgun hit half the time; in heavy cover a fifth', () => {
    expect(shotOdds(1, 0, 1, 5).unsavedChance).toBe(0.5);
    expect(shotOdds(1, 0, 4, 8).unsavedChance).toBe(0.2);
  });
  it('a path: its length and the allowance, halved through difficult terrain, with the refusal decide would give', () => {
    const answer = preview(g().state, 0, { type: 'MOVE', model: 'judge-2', path: [p(1000, 1850)] });
    expect(answer).toMatchObject({ legal: false, problem: { code: 'TOO_FAR' }, path: { length: 400, allowance: 250, difficultLength: 50, words: '4.0 in of 2.5 in (halved: difficult terrain)' } });
  });
  it('a Melee without a path previews the straight line into contact', () => {
    const answer = preview(g().state, 0, { type: 'MELEE', model: 'judge-1', target: 'punk-1' });
    expect(answer.legal).toBe(true);
    expect(answer.path!.allowance).toBe(500);
  });
  it('junk is answered, never thrown', () => {
    expect(preview(g().state, 0, { type: 'MOVE', model: 'judge-1', path: 'north' })).toMatchObject({ legal: false, problem: { code: 'INVALID_COMMAND' } });
    expect(preview(g().state, 1, null)).toMatchObject({ legal: false });
  });
  it('preview and decide agree on every command of random games, paths drawn at random included', () => {
    for (let game = 1; game <= 3; game++) {
      const t = TestGame.create(keyN(game));
      let rng: KeyedRng = keyedRng(keyN(500 + game));
      const draw = (n: number) => {
        let k: number;
        [k, rng] = nextInt(rng, n);
        return k;
      };
      for (let i = 0; i < 150 && !miniatures.isOver(t.state); i++) {
        const seat = miniatures.awaiting(t.state)[0]!.seat;
        const legal = miniatures.legalCommands(t.state, seat);
        const cmd = legal[draw(legal.length)]!;
        const tries: Command[] = [cmd];
        if (cmd.type === 'MOVE' || cmd.type === 'MELEE') tries.push({ ...cmd, path: [p(draw(2400), draw(2400))] });
        for (const c of tries) {
          const answer = preview(t.state, seat, c);
          const d = miniatures.decide(t.state, c, { kind: 'seat', seat });
          expect(answer.legal).toBe(d.ok);
          if (!d.ok) expect(answer.problem?.code).toBe(d.error.code);
        }
        t.send(seat, tries[tries.length - 1]!.type === 'MOVE' && preview(t.state, seat, tries[tries.length - 1]).legal ? tries[tries.length - 1]! : cmd);
      }
    }
  });
});
