// The legal commands as things to tap. A command is chosen in two steps where it has a place on
// the board — first what acts (a card from the hand, or a character for a standard action), then
// a space (where to go, or where the target stands) — and from a list of buttons otherwise (end
// the turn, defend, pass …). Pure, so the tests can check it without a browser.

import type { components } from '../../generated/api.ts';

type Command = components['schemas']['HelterSkelterCommand'];
type View = components['schemas']['HelterSkelterView'];

/** What the player taps first. */
export type Pick = { kind: 'card'; card: string } | { kind: 'character'; character: string };

/** Commands answered from a prompt or a button, never on the board. */
const BUTTON_COMMANDS = new Set<Command['type']>([
  'END_TURN',
  'COLLECT_FRAGMENT',
  'ASSIGN_STARTING_CARDS',
  'DEFEND',
  'TAKE_DAMAGE',
  'PSI_DISCARD',
  'CLAIM_INTERRUPT',
  'PASS_INTERRUPT',
  // The Dark Judges' set-up, and solo: where the player's characters start, whom a Dark Judge targets.
  'REMOVE_MAP_CARD',
  'PLACE_CHARACTERS',
  'CHOOSE_TARGET',
]);

/** Standing orders are settings, not moves: the game page does not offer them. */
export function playable(commands: readonly Command[]): Command[] {
  return commands.filter((command) => command.type !== 'SET_ORDERS');
}

export function isButtonCommand(command: Command): boolean {
  return BUTTON_COMMANDS.has(command.type);
}

/** The first tap of a board command: its card, or (standard actions, deployment) its character. */
export function firstPick(command: Command): Pick | null {
  if (isButtonCommand(command) || command.type === 'SET_ORDERS') return null;
  if ('card' in command && typeof command.card === 'string') return { kind: 'card', card: command.card };
  if ('character' in command && typeof command.character === 'string') return { kind: 'character', character: command.character };
  return null;
}

export function samePick(a: Pick | null, b: Pick | null): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === 'card' ? a.card === (b as typeof a).card : a.character === (b as Extract<Pick, { kind: 'character' }>).character;
}

/** The space a board command is aimed at: where it goes, or where its target stands. */
export function targetSpace(command: Command, view: View): number | null {
  const spaceOf = (character: string) => view.characters.find((entry) => entry.id === character)?.space ?? null;
  switch (command.type) {
    case 'DEPLOY':
      return command.space;
    case 'EXPLODE':
      return command.space;
    case 'MOVE':
    case 'CLIMB':
    case 'FLY':
      return command.to;
    case 'MELEE':
    case 'SMASH':
    case 'SNIPE':
    case 'SHOTGUN':
    case 'PSI':
      return spaceOf(command.defender);
    case 'RALLY':
    case 'HEAL':
      return spaceOf(command.ally);
    default:
      return null;
  }
}

/** The commands a first tap opens, and the spaces they can be aimed at. */
export function afterPick(commands: readonly Command[], pick: Pick, view: View): { commands: Command[]; spaces: Set<number> } {
  const opened = commands.filter((command) => samePick(firstPick(command), pick));
  const spaces = new Set<number>();
  for (const command of opened) {
    const space = targetSpace(command, view);
    if (space !== null) spaces.add(space);
  }
  return { commands: opened, spaces };
}

/** The commands left once a space is tapped: one is sent at once, several are offered by name. */
export function afterTarget(commands: readonly Command[], pick: Pick, space: number, view: View): Command[] {
  return afterPick(commands, pick, view).commands.filter((command) => targetSpace(command, view) === space);
}

/** Every distinct first tap among the commands, for marking cards and characters as playable. */
export function picks(commands: readonly Command[]): Pick[] {
  const seen: Pick[] = [];
  for (const command of commands) {
    const pick = firstPick(command);
    if (pick && !seen.some((other) => samePick(other, pick))) seen.push(pick);
  }
  return seen;
}

/** The attacker and its target of an attack command, for drawing line of sight. */
export function attackLine(command: Command): { attacker: string; defender: string } | null {
  switch (command.type) {
    case 'MELEE':
    case 'SMASH':
    case 'SNIPE':
    case 'SHOTGUN':
    case 'PSI':
      return { attacker: command.character, defender: command.defender };
    default:
      return null;
  }
}
