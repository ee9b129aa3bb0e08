// Block War's legal commands sorted for the page: which squares (steps, placings, scrawls and
// cleaning; a side of the plaza, by its steps) and which units are buttons on the boards, which counters (drawn, judges) are picked
// first before a square, and which commands are plain buttons. Pure, so the tests can check it without a browser.

import type { components } from '../../generated/api.ts';

type BlockWarCommand = components['schemas']['BlockWarCommand'];

/** Commands offered as buttons, never on a board. */
const BUTTON_TYPES = new Set<BlockWarCommand['type']>(['ROLL_FOR_ORDER', 'END_ACTIVATION', 'END_STEP', 'CALL_SURRENDER']);

export function buttonCommands(commands: readonly BlockWarCommand[]): BlockWarCommand[] {
  return commands.filter((command) => BUTTON_TYPES.has(command.type));
}

/** The counters placed in two taps (a drawn counter, a judge drawn): the first tap picks one. */
export function placeables(commands: readonly BlockWarCommand[]): string[] {
  const units: string[] = [];
  for (const command of commands) if ((command.type === 'PLACE_UNIT' || command.type === 'PLACE_JUDGE') && !units.includes(command.unit)) units.push(command.unit);
  return units;
}

/** The plaza's steps by side (the plaza map's `steps`): a block placed on a side meets them. */
export type Steps = Readonly<Record<string, readonly string[]>>;

/** The squares a command is aimed at, given the counter picked for placing: a side of the plaza is tapped through its steps. */
function squaresOf(command: BlockWarCommand, picked: string | null, steps: Steps): readonly string[] {
  switch (command.type) {
    case 'STEP':
      return [command.to];
    case 'PLACE_BLOCK':
      return steps[command.side] ?? [];
    case 'PLACE_FEATURE':
    case 'SCRAWL': // a statue's square or a block's square (BW46)
    case 'CLEAN':
      return [command.square];
    case 'PLACE_UNIT':
    case 'PLACE_JUDGE':
      return command.unit === picked ? [command.square] : [];
    default:
      return [];
  }
}

/** The unit a command names: the one to activate, attack, heal, or target with the judges. */
function unitOf(command: BlockWarCommand): string | null {
  switch (command.type) {
    case 'ACTIVATE':
    case 'JUDGE_TARGET':
      return command.unit;
    case 'BRAWL':
    case 'SHOOT':
    case 'HEAL':
      return command.target;
    default:
      return null;
  }
}

export function bySquare(commands: readonly BlockWarCommand[], picked: string | null, steps: Steps): Map<string, BlockWarCommand[]> {
  const map = new Map<string, BlockWarCommand[]>();
  for (const command of commands) for (const square of squaresOf(command, picked, steps)) map.set(square, [...(map.get(square) ?? []), command]);
  return map;
}

export function byUnit(commands: readonly BlockWarCommand[]): Map<string, BlockWarCommand[]> {
  const map = new Map<string, BlockWarCommand[]>();
  for (const command of commands) {
    const unit = unitOf(command);
    if (unit !== null) map.set(unit, [...(map.get(unit) ?? []), command]);
  }
  return map;
}
