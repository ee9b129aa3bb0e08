// Miniatures in words: a seat is its force, a model its name; most events carry their own sentence
// (the module writes them, dice included), the rest are told here or are bookkeeping (null).

// Types from the generated schema, not the client: these words are tested without a browser.
import type { components } from '../../generated/api.ts';

type Schemas = components['schemas'];
type FeedEvent = Schemas['FeedEvent'];
type MiniaturesCommand = Schemas['MiniaturesCommand'];
type MiniaturesGame = Schemas['MiniaturesGame'];
type MiniaturesContent = Schemas['MiniaturesContent'];

/** The scenarios by id, for titles drawn before the content is fetched (the lobby, my games). */
export const SCENARIO_NAMES: Record<string, string> = { 'barko-brothers': 'The Barko Brothers', 'street-rumble': 'Street Rumble' };
export const scenarioName = (id: string) => SCENARIO_NAMES[id] ?? id;

/**
 * The game's terms as this module prints them: each has a glossary entry (glossary.ts), and the
 * glossary test fails on one without. Print a new term through here, not as a bare literal.
 */
export const TERMS = {
  phase: 'Phase',
  special: 'Special action',
  rollOff: 'roll off',
  pushBack: 'push back',
  followUp: 'follow up',
  alert: 'on alert',
} as const;

export interface MiniaturesNames {
  seat(seat: number): string;
  model(id: string): string;
}

export function miniaturesNames(content: MiniaturesContent, game: MiniaturesGame): MiniaturesNames {
  const scenario = content.scenarios.find((s) => s.id === game.options.scenario);
  return {
    seat(seat) {
      const force = scenario?.forces[seat]?.name ?? `Seat ${seat + 1}`;
      const who = game.seats[seat];
      const player = who?.bot ? 'Bot' : who?.player;
      return player ? `${force} (${player})` : force;
    },
    model: (id) => game.view.models[id]?.name ?? id,
  };
}

type MiniaturesEvent = Schemas['MiniaturesEvent'];

export function miniaturesEventWords(event: FeedEvent['data'], names: MiniaturesNames): string | null {
  const e = event as MiniaturesEvent;
  switch (e.type) {
    case 'TurnBegan':
      return `Turn ${e.turn} begins.`;
    case 'PhaseBegan':
      return `${names.seat(e.seat)}’s Phase begins.`;
    // The module counts seats from 0 in these sentences; the page names them.
    case 'FirstPhaseDecided':
      return `${names.seat(e.seat)} rolled highest and takes the first Phase.`;
    case 'DiceRolled':
      return e.roll === 'roll-off' && e.seat !== null ? `${names.seat(e.seat)} rolls ${e.dice[0]} for the first Phase.` : sentence(e.text);
    // A Phase its player ended says nothing more; one the clock ended says so.
    case 'PhaseEnded':
      return e.expired ? `${names.seat(e.seat)} ran out of time.` : null;
    default:
      return 'text' in e ? sentence(e.text) : null;
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => (/[.!?”]$/.test(text) ? text : `${text}.`);

/** A button's words for a command offered as it is (no path, no target to choose). */
export function commandWords(command: MiniaturesCommand, names: MiniaturesNames): string {
  switch (command.type) {
    case 'ROLL_OFF':
      return `${capital(TERMS.rollOff)} for the first ${TERMS.phase}`;
    case 'END_PHASE':
      return `End the ${TERMS.phase}`;
    case 'PUSH_BACK':
      return !command.push ? 'Do not push' : command.follow ? `${capital(TERMS.pushBack)} and ${TERMS.followUp}` : `${capital(TERMS.pushBack)} 2″`;
    case 'SHOOT':
      return `Shoot ${names.model(command.target)}`;
    case 'MELEE':
      return `Fight ${names.model(command.target)}`;
    case 'MOVE':
      return `Move ${names.model(command.model)}`;
    case 'SPECIAL':
      return `${TERMS.special}: ${names.model(command.model)}`;
    case 'SET_ORDERS':
      return `Push-back order: ${command.pushBack}`;
    case 'RESIGN':
      return 'Resign';
  }
}

/** What the game waits for, in a sentence for this seat. */
export function situationWords(game: MiniaturesGame, names: MiniaturesNames): string {
  const view = game.view;
  const s = view.situation;
  const you = (seat: number) => (seat === game.mySeat ? 'You' : names.seat(seat));
  if (s.kind === 'over') return view.winner === null ? 'The game is over: a draw.' : `The game is over: ${names.seat(view.winner)} won.`;
  if (s.kind === 'roll-off') return 'Both sides roll off for the first Phase.';
  if (s.kind === 'push-back') return `${you(s.seat)}: ${names.model(s.winner)} won the fight — push ${names.model(s.loser)} back 2″?`;
  const phase = view.phase;
  if (!phase) return `Turn ${view.turn}.`;
  const selected = phase.selected ? `; ${names.model(phase.selected.model)} has made ${phase.selected.actions} of its two actions` : '';
  return `Turn ${view.turn}: ${phase.seat === game.mySeat ? 'your' : `${names.seat(phase.seat)}’s`} Phase${selected}.`;
}

/** Inches from hundredths, as the rules write them. */
export const inches = (hundredths: number) => `${(hundredths / 100).toFixed(hundredths % 100 === 0 ? 0 : hundredths % 10 === 0 ? 1 : 2)}″`;

/** "Judge Rico" → "JR", "Punk 1" → "P1". */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => (/^\d+$/.test(word) ? word : word[0]!.toUpperCase()))
    .join('')
    .slice(0, 3);
