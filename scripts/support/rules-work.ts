// The game's own work per command in `npm run bench:api`: what the rules must compute for each
// command the service accepted, whatever platform runs them. Measured in the same run as the
// service and the floor, on the games the service played, so that it bounds the CPU ratio from
// below: with a platform that cost nothing beyond the floor, the service's CPU per command would
// still be the floor's plus this.
//
// Per command, as the service answers it (src/service/play.ts, src/service/views.ts):
// `decide`; `replay` of its events; `awaiting` and the awaited seats' `legalCommands` (the
// platform's guard against a stranded seat, whose lists the answer and the next read reuse);
// the sender's answer (`Prefer: return=representation`): its events redacted, its `view`,
// `awaiting`, `anytimeCommands`; and, as often a command as the service's clients read the game,
// the next awaited seat's read (its `view`, `awaiting`, `anytimeCommands`). Timed twice: the
// module's calls alone, and with `JSON.stringify` of what they return (the answer has to be sent),
// in three alternating passes each (medians). The games are loaded first and the timed passes do
// no I/O; a first pass warms the code up.

import { gameRegistry, type AnyGameModule } from '../../src/service/registry.ts';
import { logCommands, type LogCommand } from '../../src/service/verify.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { storedGames } from '../../src/store/game-records.ts';
import type pg from 'pg';
import { percentile } from './bench-service.ts';

export interface RulesWork {
  commands: number;
  /** CPU per command (ms) of the module's calls alone. */
  moduleMs: number;
  /** The same with the answers serialised as JSON. */
  withJsonMs: number;
}

interface Played {
  module: AnyGameModule;
  setup: unknown;
  commands: LogCommand[];
}

/** Loads the service's games (up to `maxCommands` commands in all) and times the rules' work on them. */
export async function rulesWork(pool: pg.Pool, readsPerCommand: number, maxCommands = 4_000): Promise<RulesWork> {
  const games = await load(pool, maxCommands);
  const commands = games.reduce((n, g) => n + g.commands.length, 0);
  if (commands === 0) return { commands, moduleMs: NaN, withJsonMs: NaN };
  play(games, readsPerCommand, true); // warm-up: the service's code was warm too
  const cpuMs = (json: boolean) => {
    const before = process.cpuUsage();
    play(games, readsPerCommand, json);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / commands;
  };
  // Alternating passes, the median of each: one pass moves with the garbage collector's timing.
  const module: number[] = [];
  const withJson: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    module.push(cpuMs(false));
    withJson.push(cpuMs(true));
  }
  return { commands, moduleMs: percentile(module, 50), withJsonMs: percentile(withJson, 50) };
}

const PASSES = 3;

async function load(pool: pg.Pool, maxCommands: number): Promise<Played[]> {
  const store = storedGames(new EventStore(pool));
  const registry = gameRegistry();
  const games: Played[] = [];
  let total = 0;
  for (const id of await store.gameIds()) {
    if (total >= maxCommands) break;
    const game = await store.game(id);
    // The floor's rows have no set-up: they are not games the rules played.
    const setup = (game?.options as { setup?: unknown } | undefined)?.setup;
    const module = game && registry.get(game.module);
    if (!module || setup === undefined) continue;
    const commands = logCommands(await store.commands(id));
    if (commands.length === 0) continue;
    games.push({ module, setup, commands });
    total += commands.length;
  }
  return games;
}

/** Plays every game's commands as the service decides and answers them; `json`: serialises the answers too. */
function play(games: readonly Played[], readsPerCommand: number, json: boolean): void {
  let owed = 0;
  let sink = 0;
  for (const { module, setup, commands } of games) {
    let state = module.initialState(setup);
    for (const { sender, command, at } of commands) {
      const decision = module.decide(state, command, sender, at === undefined ? undefined : { at });
      if (!decision.ok) throw new Error(`the service's command was refused on replay: ${decision.error.code}`);
      const next = module.replay(state, decision.events);
      const awaited = module.isOver(next) ? [] : module.awaiting(next);
      const legal = new Map(awaited.map((a) => [a.seat, module.legalCommands(next, a.seat)]));
      const seat = sender.kind === 'seat' ? sender.seat : null;
      const answer = (reader: number | null, events: readonly unknown[]) => ({
        events: events.map((e) => module.redact(e, reader)),
        view: module.view(next, reader),
        awaiting: module.awaiting(next),
        legalCommands: reader === null ? [] : (legal.get(reader) ?? []),
        anytimeCommands: reader !== null && module.anytimeCommands ? module.anytimeCommands(next, reader) : [],
      });
      const answers = [answer(seat, decision.events)];
      for (owed += readsPerCommand; owed >= 1; owed -= 1) answers.push(answer(awaited[0]?.seat ?? null, []));
      if (json) for (const a of answers) sink += JSON.stringify(a).length;
      state = next;
    }
  }
  if (sink < 0) throw new Error('unreachable: keeps the serialisation from being optimised away');
}
