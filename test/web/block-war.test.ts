// Block War in the web client (web/src/games/block-war/): which legal commands become buttons,
// tappable squares and tappable units, and the words the page shows for units, squares, events
// (every die spelled out) and commands. Pure functions, tested without a browser.

import { describe, expect, it } from 'vitest';
import type { components } from '../../web/src/generated/api.ts';
import { buttonCommands, bySquare, byUnit, placeables } from '../../web/src/games/block-war/choices.ts';
import { blockWarCommandWords, blockWarEventWords, blockWarNames, situationWords } from '../../web/src/games/block-war/words.ts';

type BlockWarCommand = components['schemas']['BlockWarCommand'];
type BlockWarContent = components['schemas']['BlockWarContent'];
type BlockWarGame = components['schemas']['BlockWarGame'];

const content = {
  units: [
    { id: 'punk', name: 'Punk' },
    { id: 'juve', name: 'Juve' },
    { id: 'ugly', name: 'Ugly' },
    { id: 'street-judge', name: 'Street Judge' },
    { id: 'judge-dredd', name: 'Judge Dredd' },
  ],
} as unknown as BlockWarContent;

const game = {
  mySeat: 0,
  seats: [
    { seat: 0, player: 'rico', bot: false },
    { seat: 1, player: null, bot: true },
  ],
  view: {
    seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald' }],
    units: {
      's0-punk-2': { id: 's0-punk-2', kind: 'punk', home: 0, square: 'block:0:1,3', wounded: false },
      's1-juve-1': { id: 's1-juve-1', kind: 'juve', home: 1, square: 'plaza:5,0', wounded: false },
      's1-ugly-3': { id: 's1-ugly-3', kind: 'ugly', home: 1, square: null, wounded: false, ugly: 3 },
      'street-judge-4': { id: 'street-judge-4', kind: 'street-judge', home: null, square: null, wounded: false },
      'judge-dredd': { id: 'judge-dredd', kind: 'judge-dredd', home: null, square: 'plaza:5,5', wounded: false },
    },
    situation: { kind: 'turn', windowId: 'w9', seat: 0, step: 'activate', activationsLeft: 2, frenzied: false, activated: [], activation: null },
  },
} as unknown as BlockWarGame;

const names = blockWarNames(content, game);

describe('the commands as things to tap', () => {
  const commands: BlockWarCommand[] = [
    { type: 'PLACE_UNIT', unit: 's0-juve-1', square: 'block:0:1,0', windowId: 'w3' },
    { type: 'PLACE_UNIT', unit: 's0-juve-1', square: 'block:0:1,1', windowId: 'w3' },
    { type: 'PLACE_UNIT', unit: 's0-punk-2', square: 'block:0:1,0', windowId: 'w3' },
    { type: 'STEP', to: 'plaza:4,0', windowId: 'w3' },
    { type: 'BRAWL', target: 's1-juve-1', windowId: 'w3' },
    { type: 'SHOOT', target: 's1-juve-1', windowId: 'w3' },
    { type: 'ACTIVATE', unit: 's0-punk-2', windowId: 'w3' },
    { type: 'END_ACTIVATION', windowId: 'w3' },
    { type: 'PLACE_BLOCK', side: 'north', windowId: 'w3' },
  ];

  it('offers ending, rolling and placing a block as buttons, never on a board', () => {
    expect(buttonCommands(commands).map((command) => command.type)).toEqual(['END_ACTIVATION', 'PLACE_BLOCK']);
  });

  it('places a drawn counter in two taps: the counter, then one of its squares', () => {
    expect(placeables(commands)).toEqual(['s0-juve-1', 's0-punk-2']);
    expect([...bySquare(commands, 's0-juve-1').keys()]).toEqual(['block:0:1,0', 'block:0:1,1', 'plaza:4,0']);
    expect(bySquare(commands, 's0-punk-2').get('block:0:1,0')).toEqual([commands[2]]);
  });

  it('makes a unit a button for each command naming it; a brawl or a shot at one target is a choice of two', () => {
    const units = byUnit(commands);
    expect(units.get('s1-juve-1')?.map((command) => command.type)).toEqual(['BRAWL', 'SHOOT']);
    expect(units.get('s0-punk-2')?.map((command) => command.type)).toEqual(['ACTIVATE']);
  });
});

describe('Block War in words', () => {
  it('names units by kind, number and block, judges by kind, and squares on the plaza and in a block', () => {
    expect(names.unit('s0-punk-2')).toBe('Punk 2 of Rick Whitely');
    expect(names.unit('s1-ugly-3')).toBe('Ugly 3 (rating 3) of Ella Fitzgerald');
    expect(names.unit('street-judge-4')).toBe('Street Judge 4');
    expect(names.unit('judge-dredd')).toBe('Judge Dredd');
    expect(names.square('plaza:5,0')).toBe('plaza 5,0');
    expect(names.square('block:0:1,3')).toBe('Rick Whitely’s block, level 1, column 4');
    expect(names.seat(1)).toBe('Ella Fitzgerald (Bot)');
  });

  it('spells out every die: turn order, a brawl, a shot, an armour save, morale', () => {
    const say = (data: Record<string, unknown>) => blockWarEventWords(data as never, names);
    expect(say({ type: 'OrderDiceRolled', seat: 0, dice: [4, 2] })).toBe('Rick Whitely (rico) rolls 4 + 2 = 6 for turn order.');
    expect(say({ type: 'BrawlRolled', attackerDie: 5, defenderDie: 2, attackerTotal: 7, defenderTotal: 3 })).toBe(
      'Brawl: the attacker rolls 5 (total 7), the defender 2 (total 3).',
    );
    expect(say({ type: 'ShotRolled', die: 3, total: 5, hit: true })).toBe('Shot: rolls 3, total 5: a hit.');
    expect(say({ type: 'ArmourSaveRolled', unit: 's1-juve-1', die: 1, total: 1, saved: false })).toBe('Juve 1 of Ella Fitzgerald rolls 1 for armour, total 1: not saved.');
    expect(say({ type: 'MoraleChecked', unit: 's1-juve-1', die: 6, total: 7, fightsOn: true })).toBe('Juve 1 of Ella Fitzgerald checks morale: rolls 6, total 7: fights on.');
    expect(say({ type: 'SituationOpened' })).toBeNull();
  });

  it('says what each command does on its button, and what the turn asks', () => {
    expect(blockWarCommandWords({ type: 'STEP', to: 'plaza:4,0' }, names)).toBe('Step to plaza 4,0');
    expect(blockWarCommandWords({ type: 'SHOOT', target: 's1-juve-1' }, names)).toBe('Shoot at Juve 1 of Ella Fitzgerald');
    expect(situationWords(game.view, names, 0)).toBe('Your turn: activate units (2 left).');
    expect(situationWords(game.view, names, 1)).toBe('Rick Whitely (rico)’s turn: activate units (2 left).');
  });
});
