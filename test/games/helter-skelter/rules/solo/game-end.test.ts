// "Playing solo against the Dark Judges", "Game End", in a game: fragments are the points; each Dark
// Judge killed doubles them from the reserve beside the Dark Judges (R50, R53); 6 points or all four
// Dark Judges dead win; all the player's characters dead, and the Dark Judges win.

import { describe, expect, it } from 'vitest';
import { SOLO_CARDS } from '../../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { helterSkelter } from '../../../../../src/games/helter-skelter/index.ts';
import { evolveAll } from '../../../../../src/games/helter-skelter/evolve.ts';
import { points } from '../../../../../src/games/helter-skelter/state.ts';
import type { Command, Event, GameState } from '../../../../../src/games/helter-skelter/types.ts';
import type { Sender } from '../../../../../src/platform/game-module.ts';
import { KEYED_GENERATOR } from '../../../../../src/platform/random.ts';
import { DAN_TANNA, linked, types } from '../../support.ts';

const player = { kind: 'seat', seat: 0 } as Sender;
const JUDGES = ['judge-death', 'judge-fire', 'judge-mortis', 'judge-fear'];

function play(s: GameState, cmd: Command): { state: GameState; events: Event[] } {
  const d = helterSkelter.decide(s, cmd, player);
  if (!d.ok) throw d.error;
  return { state: evolveAll(s, d.events), events: d.events };
}

/** The player's first turn: Judge Death (vulnerable, 1 cube) in Mean Machine's space, a solo card without defence on top. */
function deathAtOneCube(fragments: number): GameState {
  const start = helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }], generator: KEYED_GENERATOR, key: 'd'.repeat(64), solo: true });
  const s = play(start, { type: 'PLACE_CHARACTERS', characters: ['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'] }).state;
  const death = s.characters['judge-death']!;
  death.space = s.characters['mean-machine']!.space;
  death.armour = 'vulnerable';
  death.health = 1;
  s.seats[0]!.fragments = fragments;
  s.seats[0]!.hand = [linked('judges', 'MELEE', 'mean-machine')[0]!, linked('judges', 'EXPLODE', 'dredd')[0]!];
  const open = SOLO_CARDS.find((c) => c.defence === null)!.id;
  s.solo!.deck = [open, ...s.solo!.deck.filter((c) => c !== open)];
  return s;
}
const melee = (s: GameState): Command => ({ type: 'MELEE', character: 'mean-machine', card: s.seats[0]!.hand[0]!, defender: 'judge-death' });

describe('solo game end', () => {
  // "Each time you kill a Dark Judge, you double your fragments of reality. Do this by taking fragments from the ones next to the Dark Judges character cards."
  it('killing a Dark Judge doubles the fragments collected, taken from the reserve; the kill itself is worth nothing (R53)', () => {
    const s = deathAtOneCube(2);
    const { state, events } = play(s, melee(s));
    expect(events).toContainEqual({ type: 'FragmentsDoubled', seat: 0, count: 2 });
    expect(state.seats[0]!.fragments).toBe(4);
    expect(state.solo!.reserve).toBe(3);
    expect(points(state, 0)).toBe(4);
    expect(state.situation.kind).not.toBe('over');
  });

  // "If you kill a Dark Judge before you have collected any fragments, you get nothing."
  it('with no fragments, a kill gives nothing', () => {
    const s = deathAtOneCube(0);
    const { state, events } = play(s, melee(s));
    expect(types(events)).toContain('CharacterKilled');
    expect(types(events)).not.toContain('FragmentsDoubled');
    expect(points(state, 0)).toBe(0);
  });

  // "If you reach 6 points … you win."
  it('doubling three fragments to six wins at once; five points do not', () => {
    const won = play(deathAtOneCube(3), melee(deathAtOneCube(3)));
    expect(won.events.at(-1)).toEqual({ type: 'GameEnded', winners: [0], reason: 'points' });
    const s = deathAtOneCube(5);
    s.characters['judge-death']!.health = 2;
    expect(play(s, melee(s)).state.situation.kind).not.toBe('over');
  });

  // "… or you kill all the Dark Judges, you win."
  it('killing the last Dark Judge wins, whatever the points', () => {
    const s = deathAtOneCube(0);
    for (const id of JUDGES.slice(1)) Object.assign(s.characters[id]!, { status: 'dead', space: null, health: 0 });
    const { state, events } = play(s, melee(s));
    expect(types(events)).toContain('SeatEliminated');
    expect(state.winners).toEqual([0]);
    expect(state.situation.kind).toBe('over');
  });

  // "If all your characters are killed, the Dark Judges win."
  it('when the player’s last character dies, the Dark Judges win', () => {
    const s = deathAtOneCube(4);
    for (const id of ['giant', 'anderson', 'hershey', 'mean-machine']) Object.assign(s.characters[id]!, { status: 'dead', space: null, health: 0 });
    const dredd = s.characters.dredd!;
    dredd.health = 1;
    const death = s.characters['judge-death']!;
    death.space = dredd.space;
    death.health = 4;
    // Dredd's EXPLODE on his own space: he is a defender too ("possible to damage (and kill) your own character").
    // The player is asked for the defence (`defence: ask`), and takes the damage.
    s.seats[0]!.orders = { interrupt: 'armed', defence: 'ask' };
    const attacked = play(s, { type: 'EXPLODE', character: 'dredd', card: s.seats[0]!.hand[1]!, space: dredd.space! }).state;
    expect(helterSkelter.awaiting(attacked)).toEqual([{ seat: 0, situation: 'defence', windowId: expect.any(String) }]);
    const { state } = play(attacked, { type: 'TAKE_DAMAGE', character: 'dredd' });
    expect(state.characters.dredd!.status).toBe('dead');
    expect(state.winners).toEqual([1]);
    expect(state.situation.kind).toBe('over');
  });
});
