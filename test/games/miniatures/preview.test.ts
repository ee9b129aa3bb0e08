// The preview (GameModule.preview): what the game measures of a command without deciding it — the
// path's length and allowance, a shot's range, line of sight, cover and odds — the same figures the
// events carry when the command is sent; nothing changed, nothing drawn from the generator.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { shotOdds } from '../../../src/games/miniatures/preview.ts';
import { keyedRng, nextInt, type KeyedRng } from '../../../src/platform/random.ts';
import type { Command } from '../../../src/games/miniatures/types.ts';
import { keyN } from '../../support/module-game.ts';
import { find, position, rekeyed, rolls, TestGame } from './support.ts';

const p = (x: number, y: number) => ({ x, y });
const preview = (g: TestGame, seat: number, command: unknown) => miniatures.preview!(g.state, command, seat) as ReturnType<typeof import('../../../src/games/miniatures/preview.ts').preview>;

describe('preview', () => {
  const g = () => position({ 'judge-1': p(2300, 2250), 'judge-2': p(1000, 2250), 'punk-1': p(2300, 1010), 'big-barko': p(1000, 300) });

  it('a shot: range, line of sight, cover and the words, as the engine will measure them; nothing changes', () => {
    const game = g();
    const before = JSON.stringify(game.state);
    const answer = preview(game, 0, { type: 'SHOOT', model: 'judge-1', target: 'punk-1' });
    expect(JSON.stringify(game.state)).toBe(before);
    expect(answer).toMatchObject({ shot: { range: 1140, lineOfSight: true, cover: 'none', words: 'Judge Rico to Punk 1: 11.4 in, in range of the Lawgiver, no cover' } });
  });
  it('a shot\'s sight lines as M1 traces them: from the shooter\'s eye to 21 points across the target\'s width, what hides each, and the share hidden', () => {
    const game = position({ 'punk-1': p(1800, 1300), 'judge-2': p(1814, 700), 'judge-1': p(300, 2250), 'big-barko': p(1000, 300) }, { seat: 1 });
    const shot = preview(game, 1, { type: 'SHOOT', model: 'punk-1', target: 'judge-2' })!.shot!;
    expect(shot.eye).toEqual(p(1800, 1300));
    expect(shot.lines).toHaveLength(21);
    expect(shot.lines.map((l) => l.hidden[0]).join('')).toBe('bbbbbbbbccccccccccccc');
    expect(shot.obscured).toBeCloseTo(8 / 21, 12);
    expect(shot).toMatchObject({ lineOfSight: true, cover: 'none', words: 'Punk 1 to Judge Hunt: 5.0 in, in range of the Handgun, no cover (38% hidden)' });
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
  it('a path: its length and the allowance, halved through difficult terrain, even when too far', () => {
    expect(preview(g(), 0, { type: 'MOVE', model: 'judge-2', path: [p(1000, 1850)] })).toEqual({
      path: { length: 400, allowance: 250, difficultLength: 100, dangerous: false, words: '4.0 in of 2.5 in (halved: difficult terrain)' },
    });
  });
  it('a Melee without a path measures the straight line into contact', () => {
    expect(preview(g(), 0, { type: 'MELEE', model: 'judge-1', target: 'punk-1' })?.path?.allowance).toBe(500);
  });
  it('a Melee out of reach is allowed what the action will allow: its whole Move when the hedge lies beyond where it stops (M19/M2)', () => {
    const far = position({ 'judge-1': p(600, 2000), 'big-barko': p(600, 1000), 'little-barko': p(2300, 2300) });
    expect(preview(far, 0, { type: 'MELEE', model: 'judge-1', target: 'big-barko' })?.path).toMatchObject({ length: 900, allowance: 500, words: '9.0 in of 5.0 in' });
    const near = position({ 'judge-1': p(600, 1600), 'big-barko': p(600, 800), 'little-barko': p(2300, 2300) });
    expect(preview(near, 0, { type: 'MELEE', model: 'judge-1', target: 'big-barko' })?.path).toMatchObject({ allowance: 250, words: '7.0 in of 2.5 in (halved: difficult terrain)' });
  });
  it('junk and commands with nothing to measure answer null, never throw', () => {
    expect(preview(g(), 0, { type: 'MOVE', model: 'judge-1', path: 'north' })).toBeNull();
    expect(preview(g(), 1, null)).toBeNull();
    expect(preview(g(), 0, { type: 'END_PHASE' })).toBeNull();
    expect(preview(g(), 0, { type: 'MELEE', model: 'judge-1', target: 'nobody' })).toBeNull();
  });
  it('in random games, the preview\'s figures are the ones the events carry when the command is sent, and fit the published schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(miniatures.schemas.components ?? {})) ajv.addSchema(schema, name);
    const valid = ajv.compile(miniatures.schemas.preview!);
    let checkedPaths = 0;
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
        let cmd: Command = legal[draw(legal.length)]!;
        if (cmd.type === 'MOVE') {
          const at = t.state.models[cmd.model]!.at;
          cmd = { ...cmd, path: [p(at.x + draw(601) - 300, at.y + draw(601) - 300)] };
        }
        const answer = miniatures.preview!(t.state, cmd, seat) as { path?: { length: number }; shot?: { range: number; cover: string } } | null;
        if (answer !== null) expect(valid(answer), JSON.stringify(valid.errors)).toBe(true);
        const d = miniatures.decide(t.state, cmd, { kind: 'seat', seat });
        if (!d.ok) continue;
        const shot = find(d.events, 'ShotTaken');
        if (shot) expect(answer?.shot).toMatchObject({ range: shot.shot.range, cover: shot.shot.cover });
        const moved = find(d.events, 'ModelMoved');
        if (moved && (cmd.type === 'MOVE' || (cmd.type === 'MELEE' && moved.reason === 'melee' && !find(d.events, 'MeleeBecameMove')))) {
          expect(answer?.path?.length).toBe(moved.length);
          checkedPaths++;
        }
        t.send(seat, cmd);
      }
    }
    expect(checkedPaths).toBeGreaterThan(20);
  });
});
