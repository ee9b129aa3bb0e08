// `npm run simulate` (`--game helter-skelter`, the default): plays N whole games of Helter Skelter
// between random legal players, across its maps, player counts and teams (`--map`, `--players`,
// `--dark-judges`, `--solo`), and reports each team's win rate (from the contract's `winners`).
// Any rule error or stall is printed and makes the exit code 1.

import { playRandomGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { helterSkelter } from '../../src/games/helter-skelter/index.ts';
import { MAP_IDS, type MapId } from '../../src/games/helter-skelter/board/board.ts';
import { BASE_TEAM_IDS, TEAM_IDS, type TeamId } from '../../src/games/helter-skelter/content/types.ts';
import { printTotals } from './simulation-totals.ts';

export interface HelterSkelterSimulation {
  games: string;
  seed: string;
  expiryRate: string;
  players?: string | undefined;
  map?: string | undefined;
  darkJudges: boolean;
  solo: boolean;
}

export function runHelterSkelterSimulation(run: HelterSkelterSimulation): void {
  const games = Number(run.games);
  const playerCounts = run.solo ? [1] : run.players ? [Number(run.players)] : [2, 3, 4];
  const maps: MapId[] = run.map ? [run.map as MapId] : [...MAP_IDS];
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  for (const p of playerCounts) if (!run.solo && ![2, 3, 4].includes(p)) throw new Error('--players must be 2, 3 or 4');
  for (const m of maps) if (!MAP_IDS.includes(m)) throw new Error(`--map must be one of ${MAP_IDS.join(', ')}`);

  /**
   * The teams at game `g`'s table, in seat order. With --dark-judges the Dark Judges sit at every
   * table, at a seat that moves round, with base teams rotating in the other seats.
   */
  function tableOf(g: number, players: number): { team: TeamId }[] {
    // Solo: each base team on each map in turn; the Dark Judges sit in seat 1, played by the rules.
    if (run.solo) return [{ team: BASE_TEAM_IDS[Math.floor(g / maps.length) % BASE_TEAM_IDS.length]! }];
    if (!run.darkJudges) return Array.from({ length: players }, (_, i) => ({ team: TEAM_IDS[(g + i) % TEAM_IDS.length]! }));
    const others = Array.from({ length: players - 1 }, (_, i) => BASE_TEAM_IDS[(g + i) % BASE_TEAM_IDS.length]!);
    const at = g % players;
    return [...others.slice(0, at), 'dark-judges' as const, ...others.slice(at)].map((team) => ({ team }));
  }

  /** Per team: games it sat in, and games it won (a shared win counts for each winner). */
  const record = new Map<TeamId, { played: number; won: number }>(TEAM_IDS.map((t) => [t, { played: 0, won: 0 }]));

  let soloWins = 0;
  let completed = 0;
  let unfinished = 0;
  let events = 0;
  let commands = 0;
  const errors: string[] = [];
  /** Deadlines that passed and changed nothing (the sweeper would retry them for ever). */
  const stalls: string[] = [];
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const players = playerCounts[g % playerCounts.length]!;
    const map = maps[Math.floor(g / playerCounts.length) % maps.length]!;
    const seats = tableOf(g, players);
    const seed = `${run.seed}-${g}`;
    try {
      const result = playRandomGame(
        helterSkelter,
        { map, seats, seed, ...(run.solo ? { solo: true } : {}) },
        seedRng(`${seed}-players`),
        { expiryRate: Number(run.expiryRate), maxCommands: 200_000 },
        (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId }),
      );
      events += result.events.length;
      commands += result.commands;
      stalls.push(...result.stalls.map((s) => `game ${g} (seed ${seed}): ${s}`));
      if (result.finished) completed++;
      else unfinished++;
      if (run.solo) soloWins += result.finished && helterSkelter.winners(result.state).includes(0) ? 1 : 0;
      const winners = helterSkelter.winners(result.state);
      for (const [seat, { team }] of seats.entries()) {
        const r = record.get(team)!;
        r.played++;
        if (winners.includes(seat)) r.won++;
      }
    } catch (e) {
      errors.push(`game ${g} (${players} players, ${map}, seed ${seed}): ${(e as Error).message}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  printTotals({ games, completed, unfinished, ruleErrors: errors.length, stalls: stalls.length, events, commands });
  console.log(`time:                ${seconds.toFixed(1)} s`);
  console.log('win rate per team (games won / games played, shared wins count for each winner):');
  for (const [team, r] of record)
    if (r.played > 0) console.log(`  ${team.padEnd(18)} ${((100 * r.won) / r.played).toFixed(1).padStart(5)}%  (${r.won} / ${r.played})`);
  if (run.solo) console.log(`solo player won:     ${((100 * soloWins) / games).toFixed(1)}%  (${soloWins} / ${games}; the Dark Judges won the rest finished)`);
  for (const e of [...errors.slice(0, 10), ...stalls.slice(0, 10)]) console.log(`  ${e}`);
  process.exitCode = errors.length > 0 || stalls.length > 0 || unfinished > 0 ? 1 : 0;
}
