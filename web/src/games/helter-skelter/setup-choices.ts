// Helter Skelter's set-up as places on the board: each set-up command is read as where it puts
// which character (the map cards under a character, a solo character's starting space, the map
// card the Dark Judges remove), so the page can highlight the spaces, take taps, and send the one
// command the taps add up to, instead of listing every command as a button. Pure, so the tests can
// check it without a browser.

import type { components } from '../../generated/api.ts';

type Command = components['schemas']['HelterSkelterCommand'];
type View = components['schemas']['HelterSkelterView'];

/** What is placed: a character's id, or REMOVED for the map card the Dark Judges take out. */
export const REMOVED = '';

/** What the taps build: the spaces chosen for each character so far. */
export type Selection = Readonly<Record<string, readonly number[]>>;

export type SetupKind = 'assign' | 'remove' | 'place';

/** One set-up command as places: which spaces it gives each character it names. */
export interface SetupOption {
  command: Command;
  places: Readonly<Record<string, readonly number[]>>;
}

/** Which set-up question the commands answer, if they are set-up commands. */
export function setupKind(commands: readonly Command[]): SetupKind | null {
  if (commands.some((command) => command.type === 'PLACE_CHARACTERS')) return 'place';
  if (commands.some((command) => command.type === 'ASSIGN_STARTING_CARDS')) return 'assign';
  if (commands.some((command) => command.type === 'REMOVE_MAP_CARD')) return 'remove';
  return null;
}

/**
 * The set-up commands as places. Solo ("Place one of your characters in the space designated …"):
 * the i-th character named takes the i-th map card drawn, but Ukko may take the card under him
 * instead (`ukkoSpace`), so `stealthy` names him.
 */
export function setupOptions(commands: readonly Command[], view: View, stealthy: string | null): SetupOption[] {
  const drawn = view.solo?.characterCards ?? [];
  const out: SetupOption[] = [];
  for (const command of commands) {
    if (command.type === 'ASSIGN_STARTING_CARDS') out.push({ command, places: { [command.character]: command.cards } });
    else if (command.type === 'REMOVE_MAP_CARD') out.push({ command, places: { [REMOVED]: [command.card] } });
    else if (command.type === 'PLACE_CHARACTERS') {
      const places: Record<string, number[]> = {};
      command.characters.forEach((character, index) => {
        places[character] = [command.ukkoSpace !== undefined && character === stealthy ? command.ukkoSpace : drawn[index]!];
      });
      out.push({ command, places });
    }
  }
  return out;
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((space) => b.includes(space));

/** Whether an option agrees with every choice made so far (it names each chosen character, with those spaces among its own). */
export function consistent(option: SetupOption, selection: Selection): boolean {
  return Object.entries(selection).every(([character, spaces]) => {
    const own = option.places[character];
    return own !== undefined && spaces.every((space) => own.includes(space));
  });
}

/** The selection without one character's choices. */
export function without(selection: Selection, character: string): Selection {
  return Object.fromEntries(Object.entries(selection).filter(([other]) => other !== character));
}

/** The spaces a character can still be given, the others' choices kept; its own chosen spaces too (a tap there takes one back). */
export function spacesFor(options: readonly SetupOption[], selection: Selection, character: string): Set<number> {
  const spaces = new Set<number>(selection[character] ?? []);
  const others = without(selection, character);
  for (const option of options) if (consistent(option, others)) for (const space of option.places[character] ?? []) spaces.add(space);
  return spaces;
}

/** The characters (or REMOVED) the options place, in the order they first appear. */
export function placed(options: readonly SetupOption[]): string[] {
  const out: string[] = [];
  for (const option of options) for (const character of Object.keys(option.places)) if (!out.includes(character)) out.push(character);
  return out;
}

/** Whether a character has all the spaces it takes (in some option the choices agree with). */
export function complete(options: readonly SetupOption[], selection: Selection, character: string): boolean {
  const chosen = selection[character];
  return chosen !== undefined && options.some((option) => consistent(option, selection) && sameSet(option.places[character] ?? [], chosen));
}

/** Who could take a space now: the characters not yet complete for whom it is open. */
export function takers(options: readonly SetupOption[], selection: Selection, space: number): string[] {
  return placed(options).filter((character) => !complete(options, selection, character) && !(selection[character] ?? []).includes(space) && spacesFor(options, selection, character).has(space));
}

/**
 * A tap on `space` for `character`: taken back if chosen, else added to its spaces if that still
 * fits an option, else in place of them (a character who takes one card moves to the new one).
 * Choices that no option holds together with the new one are dropped (a starting card command
 * names one character: picking the next starts afresh).
 */
export function tap(options: readonly SetupOption[], selection: Selection, character: string, space: number): Selection {
  const own = selection[character] ?? [];
  if (own.includes(space)) {
    const left = own.filter((other) => other !== space);
    return left.length ? { ...selection, [character]: left } : without(selection, character);
  }
  const added = { ...selection, [character]: [...own, space] };
  if (options.some((option) => consistent(option, added))) return added;
  const replaced = { ...without(selection, character), [character]: [space] };
  if (options.some((option) => consistent(option, replaced))) return replaced;
  return { [character]: [space] };
}

/** The one command the selection adds up to: an option naming exactly the chosen characters, each with exactly its chosen spaces. */
export function finished(options: readonly SetupOption[], selection: Selection): Command | null {
  const chosen = Object.keys(selection);
  if (chosen.length === 0) return null;
  const match = options.find((option) => {
    const names = Object.keys(option.places);
    return names.length === chosen.length && names.every((character) => selection[character] !== undefined && sameSet(option.places[character]!, selection[character]));
  });
  return match?.command ?? null;
}
