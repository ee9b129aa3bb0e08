// Simulation smoke test: a few hundred whole games between random legal players, with deadlines
// passing now and then (docs/architecture.md §4: every situation has a deadline; expiry rate 0.02 per step). Every
// game must end (rulebook "Game end": five points, or elimination) and no listed command may be
// refused (game-module.ts: "decide accepts exactly these"; playRandomGame throws if one is).
//
// Random play once found positions in which every seat still in the game holds seven cards it can
// never play (symbols of dead characters, linked actions of the dead, defences): each turn is
// END_TURN, nothing is drawn ("stop drawing once you reach seven") and nothing ever changes. Ruling
// R33 (docs/rulings.md) ends such a game as a stalemate at the end of the turn, so every game
// ends; a game still going at the cap is a bug. rules/stalemate.test.ts holds the position found.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../../src/games/helter-skelter/types.ts';
import { COMMAND_CAP, fcParams, game, play, randomGameArb, soloGameArb, TIMEOUT } from './harness.ts';

const GAMES = 300;
const EXPIRY_RATE = 0.02;
const SOLO_GAMES = 150;

describe('simulation', () => {
  it(`${GAMES} random games (2–4 players, both maps, random teams, expiry rate ${EXPIRY_RATE}) all finish with winners, and no listed command is refused`, () => {
    const seen = { players: new Set<number>(), maps: new Set<string>(), teams: new Set<string>(), reasons: new Set<string>(), firstSeats: new Set<number>() };
    let commands = 0;
    let deadlocks = 0;
    fc.assert(
      fc.property(randomGameArb(EXPIRY_RATE), (g) => {
        const played = play(g);
        seen.players.add(g.setup.seats.length);
        seen.maps.add(g.setup.map);
        for (const s of g.setup.seats) seen.teams.add(s.team);
        for (const e of played.events) if (e.type === 'SetupCompleted') seen.firstSeats.add(e.firstSeat);
        if (played.deadlocked) deadlocks++;
        expect(played.finished, `still going after ${COMMAND_CAP} commands`).toBe(true);
        expect(game.isOver(played.state)).toBe(true);
        expect(played.state.winners.length).toBeGreaterThan(0);
        const ended = played.events.at(-1) as Event;
        expect(ended.type).toBe('GameEnded');
        if (ended.type === 'GameEnded') seen.reasons.add(ended.reason);
        commands += played.commands;
      }),
      fcParams(GAMES, 0x51a1),
    );
    // The mix was a mix: every player count, both maps, all five teams, both ways of winning.
    expect([...seen.players].sort()).toEqual([2, 3, 4]);
    expect(seen.maps.size).toBe(2);
    expect(seen.teams.size).toBe(5);
    // Both ways the rulebook ends a game happen; a stalemate (R33) may too, rarely.
    expect(seen.reasons).toContain('elimination');
    expect(seen.reasons).toContain('points');
    expect([...seen.reasons].every((r) => ['elimination', 'points', 'stalemate'].includes(r))).toBe(true);
    expect([...seen.firstSeats].sort()).toEqual([0, 1, 2, 3]);
    expect(commands).toBeGreaterThan(GAMES * 10);
    expect(deadlocks, 'no game is left in a deadlock (R33 ends them)').toBe(0);
  }, TIMEOUT * 2);

  // "Playing solo against the Dark Judges": the Dark Judges' turns are played by the rules within
  // the player's commands (R55). Every game ends — "If you reach 6 points, or you kill all the Dark
  // Judges, you win. If all your characters are killed, the Dark Judges win." — only the player is
  // ever awaited, and the log replays to the same state.
  it(`${SOLO_GAMES} random solo games (both maps, every base team, expiry rate ${EXPIRY_RATE}) all finish, only the player awaited, and replay`, () => {
    const teams = new Set<string>();
    const maps = new Set<string>();
    let darkTurns = 0;
    fc.assert(
      fc.property(soloGameArb(EXPIRY_RATE), (g) => {
        const played = play(g);
        teams.add(g.setup.seats[0]!.team);
        maps.add(g.setup.map);
        expect(played.finished, `still going after ${COMMAND_CAP} commands`).toBe(true);
        expect(played.state.winners.length).toBe(1);
        expect(played.history.every((h) => h.sender.kind === 'system' || h.sender.seat === 0)).toBe(true);
        expect(JSON.stringify(game.replay(game.initialState(g.setup), played.events))).toBe(JSON.stringify(played.state));
        darkTurns += played.events.filter((e) => e.type === 'DarkJudgesCardDrawn').length;
      }),
      fcParams(SOLO_GAMES, 0x5010),
    );
    expect(teams.size).toBe(4);
    expect(maps.size).toBe(2);
    expect(darkTurns).toBeGreaterThan(SOLO_GAMES * 4);
  }, TIMEOUT);
});
