// Helter Skelter bot matches: one bot of a kind against random bots, many games, the bot's seat,
// the teams and the map taking turns so neither seat order nor team nor map favours it.

import { randomBot } from '../../src/platform/bots.ts';
import { playBotGame } from '../../src/platform/bot-player.ts';
import type { Bot } from '../../src/platform/game-module.ts';
import { helterSkelter, type Command, type GameState } from '../../src/games/helter-skelter/index.ts';
import { MAP_IDS } from '../../src/games/helter-skelter/board/board.ts';
import { BASE_TEAM_IDS, TEAM_IDS, type TeamId } from '../../src/games/helter-skelter/content/types.ts';

export interface MatchResult {
  games: number;
  /** Games the bot won alone. */
  wins: number;
  /** Games the bot won with another seat (a shared win). */
  sharedWins: number;
  unfinished: number;
  /** Each of the bot's decisions, in milliseconds. */
  moveTimes: number[];
}

/**
 * `teams`: the base game's four (the bot figure in docs/content.md is taken on them), or every
 * team, the Dark Judges included.
 */
export function botMatch(
  bot: Bot<GameState, Command>,
  games: number,
  players: number,
  seed: string,
  teams: readonly TeamId[] = BASE_TEAM_IDS,
  solo = false,
): MatchResult {
  const result: MatchResult = { games, wins: 0, sharedWins: 0, unfinished: 0, moveTimes: [] };
  for (let g = 0; g < games; g++) {
    // Solo: the bot is the one player (seat 0), against the Dark Judges played by the rules.
    const botSeat = solo ? 0 : g % players;
    const map = MAP_IDS[Math.floor(g / players) % MAP_IDS.length]!;
    // Solo: each team on each map in turn.
    const seats = solo
      ? [{ team: teams[Math.floor(g / MAP_IDS.length) % teams.length]! }]
      : Array.from({ length: players }, (_, i) => ({ team: teams[(g + i) % teams.length]! }));
    const bots = seats.map((_, i) => (i === botSeat ? bot : (randomBot as Bot<GameState, Command>)));
    const setup = { map, seats, seed: `${seed}-${g}`, ...(solo ? { solo: true } : {}) };
    const played = playBotGame(helterSkelter, setup, bots, `${seed}-${g}-bots`, { maxCommands: 200_000 });
    for (const ms of played.moveTimes[botSeat]!) result.moveTimes.push(ms);
    if (!played.finished) result.unfinished++;
    else if (played.state.winners.includes(botSeat)) {
      if (played.state.winners.length === 1) result.wins++;
      else result.sharedWins++;
    }
  }
  return result;
}

/** `npm run simulate -- --bots`: plays the match and prints the figures; exit code 1 if a game did not finish. */
export function runBotMatch(args: { games: string; players?: string; bot: string; seed: string; darkJudges?: boolean; solo?: boolean }): void {
  const games = Number(args.games);
  const players = args.solo ? 1 : args.players ? Number(args.players) : 4;
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  if (!args.solo && ![2, 3, 4].includes(players)) throw new Error('--players must be 2, 3 or 4');
  const bot = helterSkelter.bots?.kinds[args.bot];
  if (!bot) throw new Error(`--bot must be one of ${Object.keys(helterSkelter.bots?.kinds ?? {}).join(', ')}`);
  const started = performance.now();
  const teams = args.darkJudges ? TEAM_IDS : BASE_TEAM_IDS;
  const r = botMatch(bot, games, players, args.seed, args.solo ? BASE_TEAM_IDS : teams, args.solo);
  const pct = (n: number) => `${((100 * n) / games).toFixed(1)}%`;
  if (args.solo) console.log(`match:               one ${args.bot} bot alone against the Dark Judges (solo), ${games} games, teams ${BASE_TEAM_IDS.join(', ')}`);
  else console.log(`match:               one ${args.bot} bot against ${players - 1} random bots, ${games} games, teams ${teams.join(', ')}`);
  console.log(`${args.bot} bot won:`.padEnd(21) + `${r.wins} (${pct(r.wins)}), shared ${r.sharedWins} (${pct(r.sharedWins)})`);
  console.log(`a fair share:        ${pct(games / players)}`);
  console.log(`games unfinished:    ${r.unfinished}`);
  console.log(`bot move, median:    ${percentile(r.moveTimes, 50).toFixed(3)} ms (p90 ${percentile(r.moveTimes, 90).toFixed(2)} ms, p99 ${percentile(r.moveTimes, 99).toFixed(1)} ms, ${r.moveTimes.length} moves)`);
  console.log(`time:                ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = r.unfinished > 0 ? 1 : 0;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
