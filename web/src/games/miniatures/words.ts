// Miniatures in words: a seat is its force, a model its name; most events carry their own sentence
// (the module writes them, dice included), the rest are told here or are bookkeeping (null).

import type { FeedEvent, MiniaturesCommand, MiniaturesGame } from '../../api/client.ts';
import type { MiniaturesContent } from './data.ts';

/** The scenarios by id, for titles drawn before the content is fetched (the lobby, my games). */
export const SCENARIO_NAMES: Record<string, string> = { 'barko-brothers': 'The Barko Brothers', 'street-rumble': 'Street Rumble' };
export const scenarioName = (id: string) => SCENARIO_NAMES[id] ?? id;

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

type MiniaturesEvent = Extract<FeedEvent['data'], { type: 'PhaseBegan' | 'TurnBegan' | 'DiceRolled' | 'ShotTaken' | 'ModelMoved' }>;

export function miniaturesEventWords(event: FeedEvent['data'], names: MiniaturesNames): string | null {
  const e = event as MiniaturesEvent | { type: string; text?: string };
  if (e.type === 'TurnBegan') return `Turn ${(e as Extract<MiniaturesEvent, { type: 'TurnBegan' }>).turn} begins.`;
  if (e.type === 'PhaseBegan') return `${names.seat((e as Extract<MiniaturesEvent, { type: 'PhaseBegan' }>).seat)}’s Phase begins.`;
  // The module counts seats from 0; the page names them.
  if (e.type === 'DiceRolled') {
    const roll = e as Extract<MiniaturesEvent, { type: 'DiceRolled' }>;
    if (roll.roll === 'roll-off' && roll.seat !== null) return `${names.seat(roll.seat)} rolls ${roll.dice[0]} for the first Phase.`;
  }
  if (e.type === 'FirstPhaseDecided') return `${names.seat((e as { seat: number }).seat)} rolled highest and takes the first Phase.`;
  return 'text' in e && typeof e.text === 'string' ? sentence(e.text) : null;
}

const sentence = (text: string) => (/[.!?”]$/.test(text) ? text : `${text}.`);

/** A button's words for a command offered as it is (no path, no target to choose). */
export function commandWords(command: MiniaturesCommand, names: MiniaturesNames): string {
  switch (command.type) {
    case 'ROLL_OFF':
      return 'Roll off for the first Phase';
    case 'END_PHASE':
      return 'End the Phase';
    case 'PUSH_BACK':
      return !command.push ? 'Do not push' : command.follow ? 'Push back and follow up' : 'Push back 2″';
    case 'SHOOT':
      return `Shoot ${names.model(command.target)}`;
    case 'MELEE':
      return `Fight ${names.model(command.target)}`;
    case 'MOVE':
      return `Move ${names.model(command.model)}`;
    case 'SPECIAL':
      return `Special action: ${names.model(command.model)}`;
    case 'SET_ORDERS':
      return `Push-back order: ${command.pushBack}`;
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
