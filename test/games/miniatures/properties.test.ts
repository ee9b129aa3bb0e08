// Properties over many commands: decide is total (never throws, whatever JSON it is sent, and a
// refusal changes nothing); decide accepts every command legalCommands lists; the log replays to
// the same state byte for byte, every position exactly; the view never shows the generator's key.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { keyedRng } from '../../../src/platform/random.ts';
import type { GameState } from '../../../src/games/miniatures/types.ts';
import { keyN } from '../../support/module-game.ts';
import { firstKey, position, TestGame } from './support.ts';

const JUNK: unknown[] = [
  null,
  undefined,
  0,
  'MOVE',
  [],
  {},
  { type: 'MOVE' },
  { type: 'MOVE', model: 'judge-1', path: 'north' },
  { type: 'MOVE', model: 'judge-1', path: [{ x: 1.5, y: 2 }] },
  { type: 'MOVE', model: 'judge-1', path: [{ x: 1, y: 2, z: 3 }] },
  { type: 'MOVE', model: 'judge-1', path: [{ x: 1e12, y: 2 }] },
  { type: 'MOVE', model: 'judge-1', path: Array.from({ length: 33 }, () => ({ x: 1000, y: 2250 })) },
  { type: 'MOVE', model: '__proto__' },
  { type: 'MOVE', model: 'constructor' },
  { type: 'SHOOT', model: 'judge-1', target: 'toString' },
  { type: 'MELEE', model: 'judge-1', target: 'judge-2' },
  { type: 'PUSH_BACK', push: 'yes' },
  { type: 'END_PHASE', extra: 1 },
  { type: 'ROLL_OFF', windowId: 7 },
  { type: 'EXPIRE_WINDOW', windowId: 'w1' },
  { type: 'constructor' },
];

/** Plays up to `moves` random legal commands (a random awaited seat, a random command), checking each state. */
const randomGame = (key: string, moves: number, check?: (s: GameState, seat: number) => void): TestGame => TestGame.create(key).playRandomly(moves, check);

describe('decide', () => {
  it('refuses junk with a code and changes nothing', () => {
    const g = TestGame.create();
    for (const seat of [0, 1] as const) for (const junk of JUNK) expect(typeof g.refused(seat, junk)).toBe('string');
    for (const junk of JUNK.filter((j) => (j as { type?: string })?.type !== 'EXPIRE_WINDOW')) expect(typeof g.refused('system', junk)).toBe('string');
  });

  it('accepts every legal command, and random games replay byte for byte', () => {
    for (let game = 1; game <= 6; game++) {
      const g = randomGame(keyN(game), 400, () => {});
      expect(JSON.stringify(miniatures.replay(g.start, g.log))).toBe(JSON.stringify(g.state));
      for (const m of Object.values(g.state.models)) expect(Number.isInteger(m.at.x) && Number.isInteger(m.at.y)).toBe(true);
    }
  });

  it('a game of random legal commands ends, by victory or after the last turn', () => {
    let ended = 0;
    for (let game = 1; game <= 4; game++) {
      const g = randomGame(keyN(100 + game), 5000, () => {});
      if (miniatures.isOver(g.state)) ended++;
    }
    expect(ended).toBe(4);
  });

  it('the view never carries the generator key; every event is public', () => {
    randomGame(keyN(7), 150, (s, seat) => {
      expect(JSON.stringify(miniatures.view(s, seat))).not.toContain(keyN(7).slice(10));
      expect(JSON.stringify(miniatures.view(s, null))).not.toContain('"rng"');
    });
  });
});

describe('published command schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validators = new Map(miniatures.commandSchemas.map((c) => [c.type, ajv.compile(c.schema)]));

  it('every legal command fits its kind\'s schema', () => {
    randomGame(keyN(11), 300, (s, seat) => {
      for (const c of miniatures.legalCommands(s, seat)) expect(validators.get(c.type)!(c)).toBe(true);
    });
  });
  it('a path the schema refuses, decide refuses as INVALID_COMMAND; one it accepts is a rules question', () => {
    const g = TestGame.create();
    const bad = [{ type: 'MOVE', model: 'judge-1', path: [{ x: 1.5, y: 2 }] }, { type: 'MOVE', model: 'judge-1', path: Array.from({ length: 33 }, () => ({ x: 1, y: 1 })) }, { type: 'MELEE', model: 'judge-1' }];
    for (const c of bad) {
      expect(validators.get(c.type)!(c)).toBe(false);
      expect(g.refused(0, c)).toBe('INVALID_COMMAND');
    }
    const fits = { type: 'MOVE', model: 'judge-1', path: [{ x: 1000, y: 2000 }] };
    expect(validators.get('MOVE')!(fits)).toBe(true);
    expect(g.refused(0, fits)).not.toBe('INVALID_COMMAND');
  });
});

// Every event type: the schema test's games produce them all.
const SEEN_TYPES = ['ActionCompleted', 'ActionTaken', 'CombatEnded', 'CombatLocked', 'DiceRolled', 'FirstPhaseDecided', 'GameEnded', 'HitsLost', 'MeleeBecameMove', 'ModelMoved', 'ModelRemoved', 'OrdersSet', 'PhaseBegan', 'PhaseEnded', 'ShotTaken', 'SituationOpened', 'TurnBegan'];

describe('published view and event schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const [name, schema] of Object.entries(miniatures.schemas.components ?? {})) ajv.addSchema(schema, name);
  const validView = ajv.compile(miniatures.schemas.view);
  const validEvent = ajv.compile(miniatures.schemas.visibleEvent);

  it('every view and every event, as each seat and a spectator see them (no generator position), and as the ended game\'s public log, fits its schema', () => {
    const games = [randomGame(keyN(21), 400, (s, seat) => {
      for (const viewer of [seat, 1 - seat, null]) expect(validView(miniatures.view(s, viewer)), JSON.stringify(validView.errors)).toBe(true);
    })];
    // Heuristic bots fight hand to hand, so locks, pushes and the push-back window come up too.
    for (const k of [22, 23, 24]) {
      const g = TestGame.create(keyN(k));
      g.send(0, { type: 'SET_ORDERS', pushBack: 'always' });
      for (let n = 0; n < 1000 && !miniatures.isOver(g.state); n++) {
        const seat = miniatures.awaiting(g.state)[0]!.seat;
        g.send(seat, miniatures.bots!.kinds.heuristic!.choose(g.state, seat, miniatures.legalCommands(g.state, seat), keyedRng(keyN(n))));
        for (const viewer of [0, 1, null]) expect(validView(miniatures.view(g.state, viewer)), JSON.stringify(validView.errors)).toBe(true);
      }
      games.push(g);
    }
    // A fight both survive, and a push without follow-up: CombatLocked, the push-back window, CombatEnded.
    const fight = firstKey(position({ 'judge-1': { x: 2300, y: 1800 }, 'big-barko': { x: 2300, y: 1700 } }), 0, { type: 'MELEE', model: 'judge-1', target: 'big-barko' }, (e) => !e.some((x) => x.type === 'ModelRemoved') && e.some((x) => x.type === 'HitsLost' && x.model === 'big-barko'));
    fight.game.send(0, { type: 'PUSH_BACK', push: true, follow: false });
    for (const viewer of [0, 1, null]) expect(validView(miniatures.view(fight.game.state, viewer))).toBe(true);
    games.push(fight.game);
    const seen = new Set<string>();
    for (const game of games)
      for (const e of game.log) {
        seen.add(e.type);
        for (const viewer of [0, 1, null]) {
          const seen = miniatures.redact(e, viewer);
          expect(validEvent(seen), `${e.type}: ${JSON.stringify(validEvent.errors)}`).toBe(true);
          // The generator's position is redacted while the game runs (docs/architecture.md §6) …
          expect(seen).not.toHaveProperty('rng');
        }
        // … and the whole log, positions included, fits the schema once the game has ended.
        expect(validEvent(e), `${e.type}: ${JSON.stringify(validEvent.errors)}`).toBe(true);
      }
    expect([...seen].sort()).toEqual(SEEN_TYPES);
  });
});

describe('what seats see (M21)', () => {
  it('a seat\'s standing orders are its own: the other seat and a spectator see the same bytes whatever they are', () => {
    const seen = (['ask', 'always', 'never'] as const).map((pushBack) => {
      const g = TestGame.create(keyN(44));
      const [set] = g.send(0, { type: 'SET_ORDERS', pushBack });
      return JSON.stringify([miniatures.view(g.state, 1), miniatures.view(g.state, null), miniatures.redact(set!, 1), miniatures.redact(set!, null)]);
    });
    expect(new Set(seen).size).toBe(1);
  });
});
