// Block War in the web client (web/src/games/block-war/): which legal commands become buttons,
// tappable squares and tappable units, and the words the page shows for units, squares, events
// (every die spelled out) and commands. Pure functions, tested without a browser.

import { describe, expect, it } from 'vitest';
import type { components } from '../../web/src/generated/api.ts';
import { buttonCommands, bySquare, byUnit, placeables } from '../../web/src/games/block-war/choices.ts';
import { timeLimitMinutes } from '../../web/src/games/block-war/time-limit.ts';
import { blockWarCommandWords, blockWarEventWords, blockWarNames, situationWords, timeLimitWords } from '../../web/src/games/block-war/words.ts';

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
    { id: 'scrawler', name: 'Scrawler' },
    { id: 'fatty', name: 'Fatty' },
    { id: 'robo-doc', name: 'Robo-Doc' },
    { id: 'crazed-robo-doc', name: 'Crazed Robo-Doc' },
    { id: 'human-janitor', name: 'Human Janitor' },
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
      's0-scrawler-1': { id: 's0-scrawler-1', kind: 'scrawler', home: 0, square: 'block:1:1,0', wounded: false },
      's1-fatty-1': { id: 's1-fatty-1', kind: 'fatty', home: 1, square: 'plaza:3,2', wounded: false },
      's1-robo-doc': { id: 's1-robo-doc', kind: 'robo-doc', home: 1, square: null, wounded: false },
      's1-crazed-robo-doc': { id: 's1-crazed-robo-doc', kind: 'crazed-robo-doc', home: 1, square: 'block:1:4,2', wounded: false },
      's0-punk-3': { id: 's0-punk-3', kind: 'punk', home: 0, square: null, wounded: false },
      's0-human-janitor': { id: 's0-human-janitor', kind: 'human-janitor', home: 0, square: 'block:0:6,1', wounded: false },
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

  const steps = { north: ['plaza:5,0', 'plaza:6,0', 'plaza:7,0'], east: ['plaza:12,5'] };

  it('offers ending and rolling as buttons, never on a board', () => {
    expect(buttonCommands(commands).map((command) => command.type)).toEqual(['END_ACTIVATION']);
  });

  it('places a block by a tap on one of the steps of its side: "place the blocks around the plaza so that the block entrance squares match up with the steps"', () => {
    const squares = bySquare(commands, null, steps);
    for (const step of steps.north) expect(squares.get(step)).toEqual([commands[8]]);
    expect(squares.has('plaza:12,5')).toBe(false);
  });

  it('places a drawn counter in two taps: the counter, then one of its squares', () => {
    expect(placeables(commands)).toEqual(['s0-juve-1', 's0-punk-2']);
    expect([...bySquare(commands, 's0-juve-1', {}).keys()]).toEqual(['block:0:1,0', 'block:0:1,1', 'plaza:4,0']);
    expect(bySquare(commands, 's0-punk-2', {}).get('block:0:1,0')).toEqual([commands[2]]);
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

  it('a step the clock ended reads "… ran out of time" before what the server did for the seat', () => {
    expect(blockWarEventWords({ type: 'TimeRanOut', seat: 1 } as never, names)).toBe('Ella Fitzgerald (Bot) ran out of time.');
  });

  it('tells frenzy: "A block draws one extra reinforcement and activates one extra unit if it begins the turn frenzied and units gain +1 movement point and +1 to combat results if the block becomes frenzied at any point" (BW53)', () => {
    const say = (data: Record<string, unknown>) => blockWarEventWords(data as never, names);
    expect(say({ type: 'TurnBegan', seat: 0, frenzied: false })).toBeNull();
    expect(say({ type: 'TurnBegan', seat: 0, frenzied: true })).toBe('Rick Whitely (rico) begins the turn frenzied: one extra reinforcement and one extra activation.');
    expect(say({ type: 'BlockFrenzied', seat: 1 })).toBe('Ella Fitzgerald (Bot) is frenzied: its units gain +1 movement point and +1 to combat results.');
  });

  it('says what each command does on its button, and what the turn asks', () => {
    expect(blockWarCommandWords({ type: 'STEP', to: 'plaza:4,0' }, names)).toBe('Step to plaza 4,0');
    expect(blockWarCommandWords({ type: 'SHOOT', target: 's1-juve-1' }, names)).toBe('Shoot at Juve 1 of Ella Fitzgerald');
    expect(situationWords(game.view, names, 0)).toBe('Your turn: activate units (2 left).');
    expect(situationWords(game.view, names, 1)).toBe('Rick Whitely (rico)’s turn: activate units (2 left).');
  });
});

describe('the new rules on the page (issue 17)', () => {
  const say = (data: Record<string, unknown>) => blockWarEventWords(data as never, names);

  it('makes a scrawl and a cleaning tappable squares; a square both stepped to and scrawled is a choice of two', () => {
    // Scrawler: "May make an automatic scrawl attack per turn to deface a statue or block (add a scrawl counter)";
    // Robo-Janitor: "may remove one scrawl or tranq gas from an adjacent space" (Unit Reference Sheet; BW46).
    const commands: BlockWarCommand[] = [
      { type: 'STEP', to: 'block:1:1,1', windowId: 'w3' },
      { type: 'SCRAWL', square: 'block:1:1,1', windowId: 'w3' },
      { type: 'SCRAWL', square: 'plaza:4,4', windowId: 'w3' },
      { type: 'CLEAN', square: 'block:0:6,2', windowId: 'w3' },
    ];
    const squares = bySquare(commands, null, {});
    expect([...squares.keys()]).toEqual(['block:1:1,1', 'plaza:4,4', 'block:0:6,2']);
    expect(squares.get('block:1:1,1')?.map((command) => command.type)).toEqual(['STEP', 'SCRAWL']);
    expect(buttonCommands(commands)).toEqual([]);
    expect(blockWarCommandWords(commands[2]!, names)).toBe('Scrawl on plaza 4,4');
    expect(blockWarCommandWords(commands[3]!, names)).toBe('Clean the scrawl off Rick Whitely’s block, level 6, column 3');
  });

  it('tells scrawling, cleaning (with the human janitor’s die) and the new janitor in the log', () => {
    expect(say({ type: 'Scrawled', unit: 's0-scrawler-1', square: 'block:1:1,0' })).toBe('Scrawler 1 of Rick Whitely scrawls on Ella Fitzgerald’s block, level 1, column 1.');
    // Human Janitor: "may remove one scrawl … from an adjacent space on a die result of a 2 or more".
    expect(say({ type: 'CleanRolled', unit: 's0-human-janitor', die: 1 })).toBe('Human Janitor of Rick Whitely rolls 1 to clean: fails.');
    expect(say({ type: 'CleanRolled', unit: 's0-human-janitor', die: 2 })).toBe('Human Janitor of Rick Whitely rolls 2 to clean: cleans.');
    expect(say({ type: 'ScrawlCleaned', unit: 's0-human-janitor', square: 'block:0:6,2' })).toBe('Human Janitor of Rick Whitely cleans the scrawl off Rick Whitely’s block, level 6, column 3.');
    // "Any block unit may move to the janitors office to become the new janitor."
    expect(say({ type: 'JanitorHired', unit: 's0-punk-2', janitor: 's0-human-janitor' })).toBe('Punk 2 of Rick Whitely becomes the block’s new janitor (Human Janitor of Rick Whitely).');
  });

  it('spells out the fatty’s stall die and the robo-doc’s crazed die', () => {
    // Fatty: "must roll a 4+ on a die to pass a hottie stall in an adjacent space" (BW45).
    expect(say({ type: 'StallRolled', unit: 's1-fatty-1', die: 3, passed: false })).toBe('Fatty 1 of Ella Fitzgerald rolls 3 to pass the hottie stall: stalls there.');
    expect(say({ type: 'StallRolled', unit: 's1-fatty-1', die: 4, passed: true })).toBe('Fatty 1 of Ella Fitzgerald rolls 4 to pass the hottie stall: moves on.');
    // Robo-Doc: "If wounded, roll a die, on a 1 it becomes 'CRAZED'" (BW47).
    expect(say({ type: 'RoboDocCrazed', unit: 's1-robo-doc', die: 1, crazed: 's1-crazed-robo-doc' })).toBe(
      'Robo-Doc of Ella Fitzgerald is wrecked and rolls 1: it goes crazed (Crazed Robo-Doc of Ella Fitzgerald, independent).',
    );
    expect(say({ type: 'RoboDocCrazed', unit: 's1-robo-doc', die: 5, crazed: null })).toBe('Robo-Doc of Ella Fitzgerald is wrecked and rolls 5: it stays a robo-doc.');
  });

  it('asks for the informant’s judge activation, ended by choosing no judge', () => {
    // "If your block counter lands on the control marker, … you may activate a judge unit immediately" (BW48).
    const informant: BlockWarGame['view']['situation'] = { kind: 'turn', windowId: 'w9', seat: 0, step: 'informant', activationsLeft: 1, frenzied: false, activated: [], activation: null };
    const view = { ...game.view, situation: informant } as BlockWarGame['view'];
    expect(situationWords(view, names, 0)).toBe('Your turn: someone in the block informed on a neighbour: you may activate a judge unit at once.');
    expect(blockWarCommandWords({ type: 'END_STEP' }, names, informant)).toBe('Activate no judge');
    expect(blockWarCommandWords({ type: 'END_STEP' }, names, game.view.situation)).toBe('End this step of the turn');
    expect(blockWarCommandWords({ type: 'ACTIVATE', unit: 'judge-dredd' }, names, informant)).toBe('Activate Judge Dredd');
  });

  it('shows the time limit: its length, its end in the viewer’s zone, then the last round; the game’s end by it', () => {
    // "It is helpful to set a time limit for play, say two hours. Once that time has been reached and the round
    // finished, each player in turn order starting is allowed one turn before points are calculated" (BW50).
    const when = (iso: string) => `at ${iso} (zoned)`;
    expect(timeLimitWords(undefined, when)).toBeNull();
    expect(timeLimitWords({ minutes: 120, endsAt: null, lastRound: false }, when)).toBe('Time limit: 2 hours, starting with the first move.');
    expect(timeLimitWords({ minutes: 90, endsAt: '2026-11-25T23:00:00.000Z', lastRound: false }, when)).toBe(
      'Time limit: 90 minutes, ends at 2026-11-25T23:00:00.000Z (zoned); then the round is finished and every block has one last turn.',
    );
    expect(timeLimitWords({ minutes: 60, endsAt: '2026-11-25T23:00:00.000Z', lastRound: true }, when)).toBe('Time limit (1 hour) reached: the last round, every block has one last turn.');
    expect(say({ type: 'LastRoundBegan' })).toBe('The time is up: the last round begins, every block has one last turn.');
    expect(say({ type: 'GameEnded', winners: [0], reason: 'time-limit' })).toBe('The block war is over: the time limit ran out and every block has had its last turn.');
  });

  it('turns the lobby’s time limit into the whole minutes the options take (1 minute to 30 days), or none', () => {
    expect(timeLimitMinutes(false, '2', 'hours')).toBeUndefined();
    expect(timeLimitMinutes(true, '2', 'hours')).toBe(120);
    expect(timeLimitMinutes(true, '1.5', 'hours')).toBe(90);
    expect(timeLimitMinutes(true, '45', 'minutes')).toBe(45);
    expect(timeLimitMinutes(true, '', 'minutes')).toBeNull();
    expect(timeLimitMinutes(true, '0', 'minutes')).toBeNull();
    expect(timeLimitMinutes(true, '2.5', 'minutes')).toBeNull();
    expect(timeLimitMinutes(true, String(30 * 24), 'hours')).toBe(30 * 24 * 60);
    expect(timeLimitMinutes(true, String(30 * 24 + 1), 'hours')).toBeNull();
  });
});
