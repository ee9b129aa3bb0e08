// Miniatures in the web client (web/src/games/miniatures/): the words the page shows for seats,
// events and commands, and the initials on a model's base. Pure functions, tested without a browser.

import { describe, expect, it } from 'vitest';
import type { components } from '../../web/src/generated/api.ts';
import { commandWords, inches, initials, miniaturesEventWords, miniaturesNames, situationWords } from '../../web/src/games/miniatures/words.ts';

type Game = components['schemas']['MiniaturesGame'];
type Content = components['schemas']['MiniaturesContent'];
type Event = components['schemas']['MiniaturesEvent'];

const content = { scenarios: [{ id: 'barko-brothers', forces: [{ name: 'Justice Department' }, { name: 'The Barko Gang' }] }] } as unknown as Content;
const model = (id: string, name: string, seat: number) => ({ id, name, profile: 'punk', seat, at: { x: 0, y: 0 }, hits: 1, removed: false, lockedWith: [], alert: false });
const game = {
  mySeat: 0,
  options: { scenario: 'barko-brothers', seats: [{}, { bot: true }] },
  seats: [
    { seat: 0, player: 'rico', bot: false, botKind: null },
    { seat: 1, player: null, bot: true, botKind: 'heuristic' },
  ],
  view: {
    scenario: 'barko-brothers',
    turn: 1,
    first: 0,
    models: { 'judge-1': model('judge-1', 'Judge Rico', 0), 'big-barko': model('big-barko', 'Big Barko', 1) },
    phase: { seat: 0, selected: { model: 'judge-1', actions: 1 }, acted: [] },
    windows: 2,
    situation: { kind: 'phase', windowId: 'w2' },
    winner: null,
    seats: [{ seat: 0 }, { seat: 1 }],
  },
} as unknown as Game;
const names = miniaturesNames(content, game);

describe('Miniatures words', () => {
  it('names a seat by its force and who plays it, a model by its name', () => {
    expect(names.seat(0)).toBe('Justice Department (rico)');
    expect(names.seat(1)).toBe('The Barko Gang (Bot)');
    expect(names.model('big-barko')).toBe('Big Barko');
  });

  it('tells events in the sentences the module wrote, seats by name, bookkeeping not at all', () => {
    const said = (event: Partial<Event>) => miniaturesEventWords(event as Event, names);
    expect(said({ type: 'ModelMoved', text: 'Judge Rico moves 3.0 in of 5.0 in' })).toBe('Judge Rico moves 3.0 in of 5.0 in.');
    expect(said({ type: 'DiceRolled', roll: 'roll-off', seat: 1, dice: [7], text: 'Seat 1 rolls 7 for the first Phase' })).toBe('The Barko Gang (Bot) rolls 7 for the first Phase.');
    expect(said({ type: 'FirstPhaseDecided', seat: 0, text: 'Seat 0 rolled highest and takes the first Phase' })).toBe('Justice Department (rico) rolled highest and takes the first Phase.');
    expect(said({ type: 'PhaseBegan', seat: 1 })).toBe('The Barko Gang (Bot)’s Phase begins.');
    expect(said({ type: 'ActionCompleted', model: 'judge-1' })).toBeNull();
  });

  it('a Phase the clock ended reads "… ran out of time"; one its player ended says nothing more', () => {
    const said = (event: Partial<Event>) => miniaturesEventWords(event as Event, names);
    expect(said({ type: 'PhaseEnded', seat: 0, alert: [], expired: true })).toBe('Justice Department (rico) ran out of time.');
    expect(said({ type: 'PhaseEnded', seat: 0, alert: [] })).toBeNull();
  });

  it('words commands and the situation for the seat reading them', () => {
    expect(commandWords({ type: 'SHOOT', model: 'judge-1', target: 'big-barko' }, names)).toBe('Shoot Big Barko');
    expect(commandWords({ type: 'PUSH_BACK', push: true, follow: true }, names)).toBe('Push back and follow up');
    expect(commandWords({ type: 'END_PHASE' }, names)).toBe('End the Phase');
    expect(situationWords(game, names)).toBe('Turn 1: your Phase; Judge Rico has made 1 of its two actions.');
  });

  it('marks each base with initials, numbers kept, and writes inches', () => {
    expect(initials('Judge Rico')).toBe('JR');
    expect(initials('Punk 1')).toBe('P1');
    expect(inches(250)).toBe('2.5″');
  });
});
