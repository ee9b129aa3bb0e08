// The game in words: events for the log ("Judge Dredd SNIPE Mean Machine: 2 damage"), commands
// for the buttons that offer them. Pure, from the content the API serves.

import type { components } from '../../generated/api.ts';

type Command = components['schemas']['HelterSkelterCommand'];
type GameEvent = components['schemas']['HelterSkelterEvent'];
type Content = components['schemas']['HelterSkelterContent'];

/**
 * The game's terms as this module prints them: each has a glossary entry (glossary.ts), and the
 * glossary test fails on one without. Print a new term through here, not as a bare literal.
 */
export const TERMS = {
  hiEx: 'Hi-Ex',
  mapCard: 'map card',
  soloCard: 'solo card',
  fragment: 'fragment',
  warpCube: 'warp cube',
  vampirism: 'vampirism',
  interruptingTurn: 'interrupting turn',
  activePlayerMarker: 'active player marker',
  armour: 'armour',
  space: 'space',
  eliminated: 'eliminated',
  stalemate: 'stalemate',
  discardPile: 'discard pile',
} as const;

export interface Names {
  character(id: string): string;
  card(id: string): string;
  /** A solo card by its number ("solo card 8"); what it does is in the glossary. */
  soloCard(id: string): string;
  seat(seat: number): string;
}

/** "solo-08" → "solo card 8": the cards are numbered, not named. */
export const soloCardName = (id: string) => `${TERMS.soloCard} ${Number(/(\d+)$/.exec(id)?.[1] ?? 0)}`;

export function namesFrom(content: Content, seatNames: readonly string[]): Names {
  const characters = new Map(content.characters.map((entry) => [entry.id, entry.name]));
  const cards = new Map(content.cards.map((entry) => [entry.id, entry.name]));
  const soloCards = new Set(content.soloCards.map((entry) => entry.id));
  return {
    character: (id) => characters.get(id) ?? id,
    // A Dark Judge's defence is drawn from the solo deck: its card is a solo card.
    card: (id) => cards.get(id) ?? (soloCards.has(id) ? soloCardName(id) : id),
    soloCard: (id) => (soloCards.has(id) ? soloCardName(id) : 'a solo card'),
    seat: (seat) => seatNames[seat] ?? `Seat ${seat + 1}`,
  };
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

const DEFENDED: Record<string, string> = { BLOCK: 'blocked', DEFLECT: 'deflected', PRECOG: 'foreseen (PRECOG)', COVER: 'took cover' };

/**
 * One event as a sentence, or null for bookkeeping a player need not read. The feed's events are
 * every registered game's (`FeedEvent.data`); the pages open Helter Skelter games only.
 */
export function eventWords(data: components['schemas']['FeedEvent']['data'], names: Names): string | null {
  const event = data as GameEvent;
  const e = event as Record<string, unknown>;
  const who = () => names.seat(num(e.seat));
  const ch = (key: string) => names.character(str(e[key]));
  switch (event.type) {
    case 'StartingCardsAssigned':
      return e.byServer ? `${who()} ran out of time: the server chose the starting map cards of ${ch('character')}.` : `${who()} chose the starting map cards of ${ch('character')}.`;
    case 'SetupCompleted':
      return `Set-up is done: ${names.seat(num(e.firstSeat))} goes first.`;
    case 'TurnBegan':
      return e.interrupting ? `${who()} takes an interrupting turn.` : `${who()}’s turn begins.`;
    case 'CharacterDeployed':
      return `${ch('character')} deploys on ${TERMS.space} ${num(e.space)}.`;
    case 'CardsDiscarded': {
      const cards = strings(e.cards);
      return cards.length ? `${who()} discards ${list(cards.map(names.card))}.` : null;
    }
    case 'ActionTaken': {
      const detail = (e.detail ?? {}) as Record<string, unknown>;
      const target = str(detail.defender) || str(detail.ally);
      const where = typeof detail.to === 'number' ? ` to space ${detail.to}` : typeof detail.space === 'number' ? ` on space ${detail.space}` : '';
      return `${ch('character')} ${str(e.action).replace('_', ' ')}${target ? ` ${names.character(target)}` : ''}${where}.`;
    }
    case 'CharacterMoved':
      return `${ch('character')} moves from space ${num(e.from)} to space ${num(e.to)}.`;
    case 'FragmentCollected':
      return `${ch('character')} collects the ${TERMS.fragment} on ${TERMS.space} ${num(e.space)} for ${who()}.`;
    case 'AttackDeclared': {
      const attack = (e.attack ?? {}) as Record<string, unknown>;
      return `${names.character(str(attack.character))} ${str(attack.action)} ${list(strings(e.defenders).map(names.character))}: ${num(attack.damage)} damage.`;
    }
    case 'DefenderDecided': {
      const choice = (e.choice ?? {}) as Record<string, unknown>;
      if (choice.kind === 'defended') return `${ch('character')} defends: ${DEFENDED[str(choice.defence)] ?? str(choice.defence)} with ${names.card(str(choice.card))}.`;
      // The server decided because the defence deadline passed: never read as the player's choice.
      const expired = e.expired ? 'The defence deadline passed: ' : '';
      if (choice.kind === 'discarded') return `${expired}${ch('character')} discards ${names.card(str(choice.card))} against the PSI attack.`;
      if (choice.kind === 'damage') return `${expired}${ch('character')} takes the damage.`;
      return null;
    }
    case 'DamageTaken':
      return `${ch('character')} takes ${num(e.amount)} damage from ${ch('from')}.`;
    case 'HealthRestored':
      return `${ch('character')} regains ${num(e.amount)} health (${str(e.reason) === 'HEAL' ? 'HEAL' : TERMS.vampirism}).`;
    case 'WarpCubesPlaced':
      return `${ch('character')} gains ${num(e.count)} ${TERMS.warpCube}${num(e.count) === 1 ? '' : 's'}.`;
    case 'CharacterTransformed':
      return `${ch('character')} becomes ${ch('form')}.`;
    case 'CharacterKilled':
      return `${ch('character')} is killed by ${names.seat(num(e.killer))}.`;
    case 'SeatEliminated':
      return `${who()} is ${TERMS.eliminated}.`;
    case 'SeatResigned':
      return `${who()} resigns.`;
    // Every action and end of turn opens a window, and under the default orders it closes in the
    // same command (R11): the log tells only of my own claims (others' show as the interrupting
    // turn that follows), not of every seat's answer after every action.
    case 'InterruptWindowOpened':
      return null;
    case 'InterruptAnswered':
      if (e.card === undefined || e.card === null) return null;
      return `${who()} claims an ${TERMS.interruptingTurn} with ${names.card(str(e.card))}${Array.isArray(e.arms) ? ' (armed in advance)' : ''}.`;
    case 'InterruptWindowClosed':
      return null;
    case 'TurnEnded':
      // A turn the clock ended is not one its player ended.
      return e.expired ? `${who()} ran out of time.` : `${who()} ends the turn.`;
    case 'CardsDrawn': {
      const cards = strings(e.cards);
      if (cards.length) return `${who()} draws ${list(cards.map(names.card))}.`;
      const count = num(e.count);
      return `${who()} draws ${count} ${count === 1 ? 'card' : 'cards'}.`;
    }
    case 'DeckReshuffled':
      return `${who()} reshuffles the ${TERMS.discardPile} into a new deck.`;
    case 'MarkerPassed':
      return `The ${TERMS.activePlayerMarker} passes to ${who()}.`;
    case 'OrdersSet':
      return null;
    case 'MapCardRemoved':
      return e.card === undefined
        ? `${who()} removes one of its ${TERMS.mapCard}s from the game, unseen.`
        : e.byServer
          ? `${who()} ran out of time: the server removes ${TERMS.mapCard} ${num(e.card)} from the game.`
          : `${who()} removes ${TERMS.mapCard} ${num(e.card)} from the game.`;
    case 'ArmourFlipped':
      return `${ch('character')}’s ${TERMS.armour} turns ${str(e.side)}.`;
    case 'SoloCardDrawn':
      return `A ${TERMS.soloCard} is drawn for ${ch('defender')}.`;
    case 'SoloDeckReshuffled':
      return `The ${TERMS.soloCard}s are reshuffled into a new deck.`;
    case 'FragmentsDoubled':
      return `${who()} doubles the ${TERMS.fragment}s collected: ${num(e.count)} more.`;
    case 'SoloCharactersPlaced':
      return `${who()} places the characters.`;
    case 'DarkJudgesCardDrawn':
      return `The Dark Judges draw their ${num(e.number) === 2 ? 'second' : 'first'} ${TERMS.soloCard}: ${names.soloCard(str(e.card))}.`;
    case 'DarkJudgeActed':
      return darkJudgeWords(e, names);
    case 'TargetChoiceOpened':
      return `${ch('judge')}’s ${str(e.action)} could target ${list(strings(e.candidates).map(names.character))}: choose one.`;
    case 'SoloCardResolved':
      return `${capital(names.soloCard(str(e.card)))} is resolved.`;
    case 'SoloCardsDiscarded':
      return `The Dark Judges discard ${list(strings(e.cards).map(names.soloCard))}.`;
    case 'GameEnded': {
      const winners = Array.isArray(e.winners) ? (e.winners as number[]) : [];
      const reason = str(e.reason) === 'points' ? 'on points' : str(e.reason) === 'elimination' ? 'by elimination' : str(e.reason) === 'resigned' ? 'by resignation' : `in a ${TERMS.stalemate}`;
      return winners.length ? `The game is over: ${list(winners.map(names.seat))} ${winners.length === 1 ? 'wins' : 'win'} ${reason}.` : `The game is over ${reason}, with no winner.`;
    }
  }
  return null;
}

const NOTHING: Record<string, string> = {
  WITH_CHARACTER: 'already with one of your characters',
  NO_PATH: 'no character within reach',
  NO_TARGET: 'no target',
};

/** One step of a solo card: which Dark Judge, which action (passed on from whose row), what came of it and why. */
function darkJudgeWords(e: Record<string, unknown>, names: Names): string {
  const judge = names.character(str(e.judge));
  const passed = str(e.row) !== str(e.judge) ? ` (passed on from ${names.character(str(e.row))})` : '';
  const r = (e.result ?? {}) as Record<string, unknown>;
  const head = `${judge} ${str(e.action)}${passed}`;
  if (r.kind === 'moved') return `${head}: moves from space ${num(r.from)} to space ${num(r.to)}, towards space ${num(r.toward)}.`;
  if (r.kind === 'attacked') {
    // Solo: the player is seat 0; the clock takes the first target in roster order (R54).
    const chosen = r.choice === 'player' ? ', as you chose' : r.choice === 'deadline' ? ` (${names.seat(0)} ran out of time: the first in roster order)` : '';
    return `${head}: attacks ${list(strings(r.defenders).map(names.character))} on space ${num(r.space)}${chosen}.`;
  }
  return `${head}: does nothing (${NOTHING[str(r.why)] ?? str(r.why)}).`;
}

const cardsWords = (cards: readonly string[], names: Names) => (cards.length ? `, paying ${list(cards.map(names.card))}` : ', free');

/** A command as the label of the button that sends it. */
export function commandWords(command: Command, names: Names): string {
  switch (command.type) {
    case 'ASSIGN_STARTING_CARDS':
      return `${names.character(command.character)} starts behind ${TERMS.mapCard}${command.cards.length > 1 ? 's' : ''} ${list(command.cards.map(String))}`;
    case 'DEPLOY':
      return `Deploy ${names.character(command.character)} on ${TERMS.space} ${command.space}`;
    case 'END_TURN':
      return 'End the turn';
    case 'MOVE':
      return `Move ${names.character(command.character)} to space ${command.to}${cardsWords(command.cards, names)}`;
    case 'CLIMB':
      return `Climb with ${names.character(command.character)} to space ${command.to}${cardsWords(command.cards, names)}`;
    case 'COLLECT_FRAGMENT':
      return `Collect the ${TERMS.fragment} with ${names.character(command.character)}${cardsWords(command.cards, names)}`;
    case 'MELEE':
    case 'SMASH':
    case 'SHOTGUN':
    case 'PSI':
      return `${names.character(command.character)} ${command.type} ${names.character(command.defender)}`;
    case 'SNIPE':
      return `${names.character(command.character)} SNIPE ${names.character(command.defender)}${command.hiEx ? ` with ${TERMS.hiEx}` : ''}`;
    case 'EXPLODE':
      return `${names.character(command.character)} EXPLODE on space ${command.space}`;
    case 'FLY':
      return `${names.character(command.character)} FLY to space ${command.to}`;
    case 'RALLY': {
      const moves = (command.moves as { character?: string; to?: number }[] | undefined) ?? [];
      const detail = moves.map((move) => `${names.character(move.character ?? '')} to ${move.to}`).join(', ');
      return `${names.character(command.character)} RALLY ${names.character(command.ally)}${detail ? `: ${detail}` : ''}`;
    }
    case 'HEAL':
      return `${names.character(command.character)} HEAL ${names.character(command.ally)}`;
    case 'DEFEND':
      return `${command.defence} with ${names.card(command.card)} (${names.character(command.character)})`;
    case 'TAKE_DAMAGE':
      return `Take the damage (${names.character(command.character)})`;
    case 'PSI_DISCARD':
      return `Discard ${names.card(command.card)} (${names.character(command.character)})`;
    case 'CHOOSE_TARGET':
      return `The Dark Judge targets ${names.character(command.character)}`;
    case 'CLAIM_INTERRUPT':
      return `INTERRUPT with ${names.card(command.card)}`;
    case 'PASS_INTERRUPT':
      return 'Pass';
    case 'SET_ORDERS':
      return 'Set standing orders';
    case 'RESIGN':
      return 'Resign';
    case 'REMOVE_MAP_CARD':
      return `Remove ${TERMS.mapCard} ${command.card} from the game`;
    case 'PLACE_CHARACTERS':
      return `Place ${list(command.characters.map(names.character))} in that order`;
  }
}

/** What a command spends from the hand, for the step that confirms it (null: nothing to say). */
export function commandCost(command: Command, names: Names): string | null {
  const c = command as { card?: unknown; cards?: unknown };
  const cards = [...(typeof c.card === 'string' ? [c.card] : []), ...strings(c.cards)];
  if (cards.length) return `${list(cards.map(names.card))} from your hand`;
  if (command.type === 'MOVE' || command.type === 'CLIMB' || command.type === 'COLLECT_FRAGMENT') return 'no card';
  return null;
}
