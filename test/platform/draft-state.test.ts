// The state a decision's draft ends with (`decide.withState`, src/platform/decider.ts, which each
// game gives the platform as `decideWithState`) is the state `replay(state, events)` gives — field
// for field, in the same key order — for every command of every game: the command handler keeps
// that state as the game's next, and the heuristic bots score it, instead of replaying the events.
// It holds only if no rule changes the draft's state but through an event it emits (or changes an
// event once emitted); a rule that did would fail here. Positions are those of whole random games (with
// deadlines passing and seats surrendering) and of games between each game's own bots.

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { blockWar } from '../../src/games/block-war/index.ts';
import { MAP_IDS } from '../../src/games/helter-skelter/board/board.ts';
import { TEAM_IDS } from '../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../src/games/helter-skelter/index.ts';
import { SCENARIO_IDS } from '../../src/games/miniatures/content/index.ts';
import { miniatures } from '../../src/games/miniatures/index.ts';
import { playBotGame } from '../../src/platform/bot-player.ts';
import { botFor } from '../../src/platform/bots.ts';
import type { Decider } from '../../src/platform/decider.ts';
import { RuleError, type GameModule, type Sender } from '../../src/platform/game-module.ts';
import { playRandomGame } from '../../src/platform/random-player.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { keyN } from '../support/module-game.ts';

type AnyModule = GameModule<unknown, unknown, { type: string }, unknown, unknown, unknown>;

/** Creation options of table `n` of each game. */
const TABLES: [AnyModule, (n: number) => Record<string, unknown>][] = [
  [
    helterSkelter as unknown as AnyModule,
    (n) => ({ map: MAP_IDS[n % MAP_IDS.length], seats: Array.from({ length: 2 + (n % 3) }, (_, i) => ({ team: TEAM_IDS[(n + i) % TEAM_IDS.length] })) }),
  ],
  [blockWar as unknown as AnyModule, (n) => ({ seats: ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'].slice(0, 2 + (n % 3)).map((block) => ({ block })) })],
  [miniatures as unknown as AnyModule, (n) => ({ scenario: SCENARIO_IDS[n % SCENARIO_IDS.length], seats: [{}, {}] })],
];

/** Decides each command from each state as `withState`, checking its state against replay's; returns how many were checked. */
function checkDrafts(game: AnyModule, start: unknown, steps: readonly { command: { type: string }; sender: Sender }[]): number {
  let state = start;
  for (const { command, sender } of steps) {
    const decision = game.decideWithState!(state, command, sender);
    if (!decision.ok) throw new Error(`refused on replay: ${decision.error.code}`);
    const replayed = game.replay(state, decision.events);
    if (!isDeepStrictEqual(decision.state, replayed) || JSON.stringify(decision.state) !== JSON.stringify(replayed)) {
      expect(decision.state).toStrictEqual(replayed);
      expect(JSON.stringify(decision.state)).toBe(JSON.stringify(replayed));
    }
    state = replayed;
  }
  return steps.length;
}

describe("a decision's draft state is replay's state", () => {
  it("every game is made by the decider and gives the platform its `withState` as `decideWithState`", () => {
    for (const [game] of TABLES) {
      expect(typeof (game.decide as Partial<Decider<unknown, unknown, unknown>>).withState).toBe('function');
      expect(game.decideWithState).toBe((game.decide as Decider<unknown, unknown, unknown>).withState);
    }
  });

  for (const [game, table] of TABLES)
    it(`${game.id}: at every command of random games and of a game between its bots`, () => {
      let checked = 0;
      for (let n = 0; n < 3; n++) {
        const setup = game.createSetup(table(n), { key: keyN(700 + n) });
        if (setup instanceof RuleError) throw setup;
        const played = playRandomGame(game, setup, keyedRng(keyN(800 + n)), { expiryRate: 0.05, anytimeRate: 0.005, maxCommands: 600 }, (windowId) => ({
          type: 'EXPIRE_WINDOW',
          windowId,
        }));
        checked += checkDrafts(game, game.initialState(setup), played.history);
      }
      const setup = game.createSetup(table(1), { key: keyN(900) });
      if (setup instanceof RuleError) throw setup;
      const bots = (table(1).seats as unknown[]).map(() => botFor(game, game.bots?.default));
      const played = playBotGame(game, setup, bots, 'draft-state', { record: true, maxCommands: 400 });
      const commands = played.decisions!.map((d) => ({ command: d.command, sender: { kind: 'seat', seat: d.seat } as Sender }));
      checked += checkDrafts(game, game.initialState(setup), commands);
      expect(checked).toBeGreaterThan(200);
    });
});
