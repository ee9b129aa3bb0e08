// The web client's two-step choice (web/src/games/helter-skelter/choices.ts): a card or a character first, then a
// space, then a way when several commands remain; and the words the page shows for commands and
// events (web/src/games/helter-skelter/words.ts). Pure functions, tested without a browser.

import { describe, expect, it } from 'vitest';
import { afterPick, afterTarget, firstPick, isButtonCommand, picks, playable, targetSpace } from '../../web/src/games/helter-skelter/choices.ts';
import { commandWords, eventWords, type Names } from '../../web/src/games/helter-skelter/words.ts';
import type { components } from '../../web/src/generated/api.ts';

type Command = components['schemas']['HelterSkelterCommand'];
type View = components['schemas']['HelterSkelterView'];

const view = {
  characters: [
    { id: 'dredd', form: 'dredd', seat: 0, health: 3, maxHealth: 3, warpCubes: 0, status: 'deployed', space: 7 },
    { id: 'giant', form: 'giant', seat: 0, health: 2, maxHealth: 2, warpCubes: 0, status: 'undeployed', space: null },
    { id: 'slaine', form: 'slaine', seat: 1, health: 4, maxHealth: 4, warpCubes: 0, status: 'deployed', space: 12 },
    { id: 'kai', form: 'kai', seat: 1, health: 2, maxHealth: 2, warpCubes: 0, status: 'deployed', space: 13 },
  ],
} as unknown as View;

const commands: Command[] = [
  { type: 'DEPLOY', character: 'giant', space: 3, windowId: 'w1' },
  { type: 'DEPLOY', character: 'giant', space: 4, windowId: 'w1' },
  { type: 'MOVE', character: 'dredd', to: 8, cards: ['judges-01'], windowId: 'w1' },
  { type: 'MOVE', character: 'dredd', to: 8, cards: ['judges-02'], windowId: 'w1' },
  { type: 'MOVE', character: 'dredd', to: 9, cards: ['judges-01', 'judges-02'], windowId: 'w1' },
  { type: 'SNIPE', character: 'dredd', card: 'judges-05', defender: 'slaine', windowId: 'w1' },
  { type: 'SNIPE', character: 'dredd', card: 'judges-05', defender: 'kai', windowId: 'w1' },
  { type: 'SNIPE', character: 'dredd', card: 'judges-05', defender: 'kai', hiEx: true, windowId: 'w1' },
  { type: 'COLLECT_FRAGMENT', character: 'dredd', cards: [], windowId: 'w1' },
  { type: 'END_TURN', windowId: 'w1' },
  { type: 'SET_ORDERS', interrupt: 'ask' } as unknown as Command,
];

describe('choices', () => {
  it('standing orders are settings, not moves on the game page', () => {
    expect(playable(commands).map((command) => command.type)).not.toContain('SET_ORDERS');
  });

  it('a command is tapped by its card when it has one, else by its character; END_TURN and COLLECT_FRAGMENT are buttons', () => {
    expect(firstPick(commands[5]!)).toEqual({ kind: 'card', card: 'judges-05' });
    expect(firstPick(commands[2]!)).toEqual({ kind: 'character', character: 'dredd' });
    expect(firstPick(commands[0]!)).toEqual({ kind: 'character', character: 'giant' });
    expect(isButtonCommand(commands[8]!)).toBe(true);
    expect(isButtonCommand(commands[9]!)).toBe(true);
    expect(picks(playable(commands))).toEqual([
      { kind: 'character', character: 'giant' },
      { kind: 'character', character: 'dredd' },
      { kind: 'card', card: 'judges-05' },
    ]);
  });

  it('a target is where a command goes, or where its defender stands', () => {
    expect(targetSpace(commands[0]!, view)).toBe(3);
    expect(targetSpace(commands[2]!, view)).toBe(8);
    expect(targetSpace(commands[5]!, view)).toBe(12);
    expect(targetSpace(commands[9]!, view)).toBeNull();
  });

  it('after the card, the spaces of its targets; after the space, one command is sent, several are offered', () => {
    const card = { kind: 'card', card: 'judges-05' } as const;
    expect([...afterPick(commands, card, view).spaces].sort()).toEqual([12, 13]);
    expect(afterTarget(commands, card, 12, view)).toEqual([commands[5]]);
    expect(afterTarget(commands, card, 13, view)).toEqual([commands[6], commands[7]]);
    const dredd = { kind: 'character', character: 'dredd' } as const;
    expect([...afterPick(commands, dredd, view).spaces].sort()).toEqual([8, 9]);
    expect(afterTarget(commands, dredd, 8, view)).toHaveLength(2);
    expect(afterTarget(commands, dredd, 9, view)).toEqual([commands[4]]);
  });
});

const names: Names = {
  character: (id) => ({ dredd: 'Judge Dredd', slaine: 'Sláine Mac Roth', kai: 'Kai', 'mean-machine': 'Mean Machine' })[id] ?? id,
  card: (id) => `card ${id}`,
  soloCard: (id) => `solo card ${Number(id.slice(5))}`,
  seat: (seat) => ['rico (The Judges)', 'Bot (Sláine)'][seat]!,
};

describe('words', () => {
  it('commands read as the buttons that send them', () => {
    expect(commandWords(commands[4]!, names)).toBe('Move Judge Dredd to space 9, paying card judges-01 and card judges-02');
    expect(commandWords(commands[7]!, names)).toBe('Judge Dredd SNIPE Kai with Hi-Ex');
    expect(commandWords(commands[9]!, names)).toBe('End the turn');
  });

  it('events read as sentences; another seat’s hidden draw says only how many', () => {
    expect(eventWords({ type: 'AttackDeclared', attack: { seat: 0, character: 'dredd', action: 'SNIPE', damage: 2, interrupting: false }, defenders: ['mean-machine'], windowId: 'w3' }, names)).toBe(
      'Judge Dredd SNIPE Mean Machine: 2 damage.',
    );
    expect(eventWords({ type: 'DefenderDecided', character: 'mean-machine', choice: { kind: 'defended', defence: 'DEFLECT', card: 'x' } }, names)).toBe(
      'Mean Machine defends: deflected with card x.',
    );
    expect(eventWords({ type: 'CardsDrawn', seat: 1, count: 2 }, names)).toBe('Bot (Sláine) draws 2 cards.');
    expect(eventWords({ type: 'GameEnded', winners: [0], reason: 'points' }, names)).toBe('The game is over: rico (The Judges) wins on points.');
    expect(eventWords({ type: 'InterruptWindowClosed' }, names)).toBeNull();
  });

  it('a turn the clock ended reads "… ran out of time", never "… ends the turn"; so does a set-up the server chose', () => {
    expect(eventWords({ type: 'TurnEnded', seat: 0, interrupting: false, expired: true } as never, names)).toBe('rico (The Judges) ran out of time.');
    expect(eventWords({ type: 'TurnEnded', seat: 0, interrupting: false }, names)).toBe('rico (The Judges) ends the turn.');
    expect(eventWords({ type: 'StartingCardsAssigned', seat: 1, character: 'slaine', byServer: true }, names)).toBe('Bot (Sláine) ran out of time: the server chose the starting map cards of Sláine Mac Roth.');
    expect(eventWords({ type: 'MapCardRemoved', seat: 1, card: 7, byServer: true }, names)).toBe('Bot (Sláine) ran out of time: the server removes map card 7 from the game.');
  });

  it('a defence the deadline decided says so; one the player chose does not', () => {
    expect(eventWords({ type: 'DefenderDecided', character: 'dredd', choice: { kind: 'damage' }, expired: true } as never, names)).toBe('The defence deadline passed: Judge Dredd takes the damage.');
    expect(eventWords({ type: 'DefenderDecided', character: 'dredd', choice: { kind: 'damage' } } as never, names)).toBe('Judge Dredd takes the damage.');
    expect(eventWords({ type: 'DefenderDecided', character: 'dredd', choice: { kind: 'discarded', card: 'judges-01' }, expired: true } as never, names)).toMatch(
      /^The defence deadline passed: Judge Dredd discards .+ against the PSI attack\.$/,
    );
  });
});

describe('the Dark Judges’ set-up and solo commands', () => {
  // Solo "set-up": "place your characters … in any order"; "you may choose who it targets"; the
  // Dark Judges' multiplayer set-up removes a map card. None has a card in hand or a figure to tap
  // first: the set-up is taken on the board by its own steps (setup-choices.ts), the target by a
  // button in its prompt.
  const solo = [
    { type: 'PLACE_CHARACTERS', characters: ['dredd', 'anderson', 'giant'], windowId: 'w1' },
    { type: 'CHOOSE_TARGET', character: 'dredd', windowId: 'w2' },
    { type: 'REMOVE_MAP_CARD', card: 'map-07', windowId: 'w3' },
  ] as unknown as Command[];

  it('is no pick of the two-step choice (no card, no figure first)', () => {
    for (const command of solo) {
      expect(isButtonCommand(command), command.type).toBe(true);
      expect(firstPick(command), command.type).toBeNull();
    }
    expect(picks(solo)).toEqual([]);
  });
});
