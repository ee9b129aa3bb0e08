// Helter Skelter's set-up as places on the board (web/src/games/helter-skelter/setup-choices.ts):
// the commands read as which spaces they give which character, taps build a selection, and the
// selection adds up to exactly one command. Pure, tested without a browser.

import { describe, expect, it } from 'vitest';
import { finished, REMOVED, setupKind, setupOptions, spacesFor, takers, tap, type Selection } from '../../web/src/games/helter-skelter/setup-choices.ts';
import type { components } from '../../web/src/generated/api.ts';

type Command = components['schemas']['HelterSkelterCommand'];
type View = components['schemas']['HelterSkelterView'];

const noView = {} as View;

describe('starting map cards: "Secretly place a map card face down below each of your character cards"', () => {
  // Ukko takes two (stealth); Sláine one.
  const cards = [3, 8, 21];
  const commands: Command[] = [
    ...cards.map((card): Command => ({ type: 'ASSIGN_STARTING_CARDS', character: 'slaine', cards: [card], windowId: 'w1' })),
    { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [3, 8], windowId: 'w1' },
    { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [3, 21], windowId: 'w1' },
    { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [8, 21], windowId: 'w1' },
  ];
  const options = setupOptions(commands, noView, 'ukko');

  it('marks the seat’s map cards on the board, for whichever character is picked', () => {
    expect(setupKind(commands)).toBe('assign');
    expect([...spacesFor(options, {}, 'slaine')].sort((a, b) => a - b)).toEqual(cards);
    expect([...spacesFor(options, {}, 'ukko')].sort((a, b) => a - b)).toEqual(cards);
  });

  it('one tap gives Sláine her card: that is the command', () => {
    const chosen = tap(options, {}, 'slaine', 8);
    expect(finished(options, chosen)).toEqual(commands[1]);
  });

  it('Ukko takes two taps; a tap on a chosen card takes it back', () => {
    const first = tap(options, {}, 'ukko', 21);
    expect(finished(options, first)).toBeNull();
    expect(tap(options, first, 'ukko', 21)).toEqual({});
    expect(finished(options, tap(options, first, 'ukko', 3))).toEqual(commands[4]);
  });

  it('a space tapped before a character asks who starts there', () => {
    expect(takers(options, {}, 8)).toEqual(['slaine', 'ukko']);
  });

  it('picking another character starts afresh: one command names one character', () => {
    const half: Selection = tap(options, {}, 'ukko', 21);
    expect(tap(options, half, 'slaine', 3)).toEqual({ slaine: [3] });
  });
});

describe('the Dark Judges remove one map card: "remove one of your 6 remaining map cards from the game"', () => {
  const commands: Command[] = [5, 9].map((card): Command => ({ type: 'REMOVE_MAP_CARD', card, windowId: 'w1' }));
  const options = setupOptions(commands, noView, null);

  it('taps the card on the board: nobody to pick first', () => {
    expect(setupKind(commands)).toBe('remove');
    expect(takers(options, {}, 9)).toEqual([REMOVED]);
    expect(finished(options, tap(options, {}, REMOVED, 9))).toEqual(commands[1]);
  });
});

describe('solo: "Place one of your characters in the space designated … (in any order)"', () => {
  // Drawn for the characters: 4, 11, 17; under Ukko: 30 ("either the card under him or the card you have drawn").
  const view = { solo: { characterCards: [4, 11, 17], ukkoCard: 30 } } as unknown as View;
  const orders = [
    ['slaine', 'ukko', 'niamh'],
    ['slaine', 'niamh', 'ukko'],
    ['ukko', 'slaine', 'niamh'],
    ['ukko', 'niamh', 'slaine'],
    ['niamh', 'slaine', 'ukko'],
    ['niamh', 'ukko', 'slaine'],
  ];
  const commands: Command[] = orders.flatMap((characters): Command[] => [
    { type: 'PLACE_CHARACTERS', characters, windowId: 'w1' },
    { type: 'PLACE_CHARACTERS', characters, ukkoSpace: 30, windowId: 'w1' },
  ]);
  const options = setupOptions(commands, view, 'ukko');

  it('offers each character the spaces drawn, and Ukko the card under him too', () => {
    expect(setupKind(commands)).toBe('place');
    expect([...spacesFor(options, {}, 'niamh')].sort((a, b) => a - b)).toEqual([4, 11, 17]);
    expect([...spacesFor(options, {}, 'ukko')].sort((a, b) => a - b)).toEqual([4, 11, 17, 30]);
  });

  it('a space taken is no longer offered to the others; a character tapped elsewhere moves there', () => {
    const one = tap(options, {}, 'slaine', 11);
    expect([...spacesFor(options, one, 'niamh')].sort((a, b) => a - b)).toEqual([4, 17]);
    expect(tap(options, one, 'slaine', 4)).toEqual({ slaine: [4] });
  });

  it('once all are placed, the taps are one command: Ukko on the card under him leaves a drawn card unused', () => {
    let chosen: Selection = {};
    chosen = tap(options, chosen, 'slaine', 17);
    expect(finished(options, chosen)).toBeNull();
    chosen = tap(options, chosen, 'ukko', 30);
    chosen = tap(options, chosen, 'niamh', 4);
    expect(finished(options, chosen)).toEqual({ type: 'PLACE_CHARACTERS', characters: ['niamh', 'ukko', 'slaine'], ukkoSpace: 30, windowId: 'w1' });
  });
});
